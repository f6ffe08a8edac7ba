//! URLs in free text (placeholder, filled by the extraction work).
