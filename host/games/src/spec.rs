//! The one engine-name grammar of every game: `NAME[:OPTION,...]`, the name
//! in lower-case letters, digits and hyphens, each option `key=value` or a
//! bare word (a budget such as Reversi's `seed-time`, a board's
//! milliseconds `board-tree:5`). Each game's registry reads the options it
//! knows with [`EngineName::read`]; an unknown or malformed option is
//! refused with the engine and the option named. Programs run as engines
//! (`gtp:COMMAND`, `uci:PROGRAM@S`) carry a command line instead and are
//! read by their own registries.

use std::str::FromStr;

/// An engine name split into its name and options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineName<'a> {
    /// The whole text, for messages.
    pub text: &'a str,
    pub name: &'a str,
    /// Each option: its key, and its value (`None` for a bare word).
    pub options: Vec<(&'a str, Option<&'a str>)>,
}

impl<'a> EngineName<'a> {
    /// Splits `text`; the error names what is malformed.
    pub fn parse(text: &'a str) -> Result<EngineName<'a>, String> {
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(format!("engine `{text}`: `{name}` is not an engine name"));
        }
        if text.ends_with(':') {
            return Err(format!("engine `{text}`: no option after `:`"));
        }
        let mut parsed = Vec::new();
        for option in options.split(',').filter(|o| !o.is_empty()) {
            match option.split_once('=') {
                Some(("", _)) => {
                    return Err(format!("engine `{text}`: `{option}` has no key"));
                }
                Some((key, value)) => parsed.push((key, Some(value))),
                None => parsed.push((option, None)),
            }
        }
        Ok(EngineName {
            text,
            name,
            options: parsed,
        })
    }

    /// Reads every option with `read(key, value)`, which answers `Ok(false)`
    /// for an option it does not know; `known` lists the options for the
    /// refusal of an unknown one.
    pub fn read(
        &self,
        known: &str,
        mut read: impl FnMut(&str, Option<&str>) -> Result<bool, String>,
    ) -> Result<(), String> {
        for &(key, value) in &self.options {
            let shown = value.map_or(key.to_string(), |v| format!("{key}={v}"));
            match read(key, value) {
                Ok(true) => {}
                Ok(false) => {
                    return Err(format!(
                        "engine `{}`: no option `{shown}` (options: {known})",
                        self.text
                    ))
                }
                Err(why) => return Err(format!("engine `{}`: {shown}: {why}", self.text)),
            }
        }
        Ok(())
    }

    /// Refuses any option (an engine that takes none).
    pub fn no_options(&self) -> Result<(), String> {
        self.read("none", |_, _| Ok(false))
    }
}

/// An option's value read as a `T`; `what` says what it must be.
pub fn value<T: FromStr>(value: Option<&str>, what: &str) -> Result<T, String> {
    value
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("not {what}"))
}

/// A value read as a number in `range` (exclusive of neither end).
pub fn number_in<T: FromStr + PartialOrd + Copy + std::fmt::Display>(
    text: Option<&str>,
    low: T,
    high: T,
    what: &str,
) -> Result<T, String> {
    let what = format!("{what} from {low} to {high}");
    value::<T>(text, &what).and_then(|v| {
        if v >= low && v <= high {
            Ok(v)
        } else {
            Err(format!("not {what}"))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_options_and_what_is_wrong_is_named() {
        let spec = EngineName::parse("board-tree:5,expand=96,c=90").unwrap();
        assert_eq!(spec.name, "board-tree");
        assert_eq!(
            spec.options,
            [("5", None), ("expand", Some("96")), ("c", Some("90"))]
        );
        let (mut ms, mut expand) = (0.0, 0u32);
        spec.read("MS, expand=N, c=Q8", |key, v| match (key, v) {
            ("expand", _) => value(v, "a count").map(|n| expand = n).map(|_| true),
            (ms_text, None) => value(Some(ms_text), "ms").map(|n| ms = n).map(|_| true),
            _ => Ok(true),
        })
        .unwrap();
        assert_eq!((ms, expand), (5.0, 96));
        for (bad, says) in [
            ("", "not an engine name"),
            ("Mcts", "`Mcts` is not an engine name"),
            ("mcts:", "no option after"),
            ("mcts:=3", "has no key"),
        ] {
            let error = EngineName::parse(bad).unwrap_err();
            assert!(error.contains(says), "{bad}: {error}");
        }
        let error = EngineName::parse("mcts:colour=red")
            .unwrap()
            .read("time=S, c=X", |_, _| Ok(false))
            .unwrap_err();
        assert_eq!(
            error,
            "engine `mcts:colour=red`: no option `colour=red` (options: time=S, c=X)"
        );
        let error = EngineName::parse("mcts:c=-1")
            .unwrap()
            .read("c=X", |_, v| {
                number_in(v, 0.0, 10.0, "a constant").map(|_| true)
            })
            .unwrap_err();
        assert_eq!(
            error,
            "engine `mcts:c=-1`: c=-1: not a constant from 0 to 10"
        );
        assert!(EngineName::parse("random:x").unwrap().no_options().is_err());
    }
}
