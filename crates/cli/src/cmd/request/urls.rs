//! The URLs, positional and `--url`, in the order curl takes them.

use clap::{Arg, ArgAction, ArgMatches};
use std::ffi::OsString;

/// The URLs of a command line: the arguments and those of `--url`, in
/// the order given, as curl takes them.
#[derive(Clone, Debug, Default)]
pub struct Urls(pub Vec<OsString>);

impl clap::FromArgMatches for Urls {
    fn from_arg_matches(m: &ArgMatches) -> Result<Urls, clap::Error> {
        Ok(Urls(
            in_order(m, &["urls", "url"]).map(|(_, u)| u).collect(),
        ))
    }

    fn from_arg_matches_mut(m: &mut ArgMatches) -> Result<Urls, clap::Error> {
        // Without --url the positional URLs are taken out as they are, not
        // copied (a command line of many URLs holds them once).
        if m.indices_of("url").is_none() {
            let urls = m
                .try_remove_many::<OsString>("urls")
                .ok()
                .flatten()
                .map(Iterator::collect)
                .unwrap_or_default();
            return Ok(Urls(urls));
        }
        Urls::from_arg_matches(m)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Urls::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Args for Urls {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            Arg::new("urls")
                .value_name("URL")
                .help("The URLs, in order")
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(OsString))
                .required_unless_present("url"),
        )
        .arg(
            Arg::new("url")
                .long("url")
                .value_name("URL")
                .help(
                    "One more URL, taken in its place among the others (curl's --url); repeatable",
                )
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(OsString)),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Urls::augment_args(cmd)
    }
}

/// The values of the arguments `ids`, each with its kind's position in
/// `ids`, in the order of the command line.
pub(super) fn in_order<T: Clone + Send + Sync + 'static>(
    m: &ArgMatches,
    ids: &[&str],
) -> impl Iterator<Item = (usize, T)> {
    let mut all: Vec<(usize, usize, T)> = Vec::new();
    for (kind, id) in ids.iter().enumerate() {
        // An id this command does not have, or of another type, is none.
        let values = m.try_get_many::<T>(id).ok().flatten();
        let at = m.indices_of(id);
        if let (Some(values), Some(at)) = (values, at) {
            all.extend(at.zip(values).map(|(i, v)| (i, kind, v.clone())));
        }
    }
    all.sort_by_key(|&(i, _, _)| i);
    all.into_iter().map(|(_, kind, v)| (kind, v))
}
