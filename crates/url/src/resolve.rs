//! Relative references (placeholder, filled by the resolution work).
