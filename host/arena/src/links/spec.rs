//! Where a contest player (or referee) is, as the command line names it:
//! `serial:PATH[@BAUD]`, `tcp:HOST:PORT`, `listen:[ADDRESS:]PORT`,
//! `exec:COMMAND`, `engine:NAME`, `sim[@BAUD][:MS][,OPTION...]` or `stdio`
//! ([`LinkSpec`]).

use std::fmt;
use std::str::FromStr;

/// The contest's baud rate.
pub const DEFAULT_BAUD: u32 = 115_200;

/// Where a contest player (or referee) is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkSpec {
    /// `serial:PATH[@BAUD]`.
    Serial { path: String, baud: u32 },
    /// `tcp:HOST:PORT`: connect.
    Tcp { host: String, port: u16 },
    /// `listen:PORT` or `listen:ADDRESS:PORT`: wait for one connection.
    Listen { address: String, port: u16 },
    /// `exec:COMMAND`: a program speaking the protocol on stdin/stdout (run by `sh -c`).
    Exec { command: String },
    /// `engine:NAME`: a host engine in this process.
    Engine { name: String },
    /// `stdio`: this process's stdin and stdout.
    Stdio,
    /// `sim[@BAUD][:MS][,sdram=WORDS][,stuck=BIT:LEVEL]`: the simulated board
    /// (started in this process) on its pseudo-terminal; `MS`: its search's rounds
    /// start during `MS` milliseconds of board time (the real board's budget without
    /// it); `sdram=WORDS`: its SDRAM check's span; `stuck=BIT:LEVEL`: a data line of
    /// its SDRAM forced in the chip model.
    Sim {
        baud: u32,
        search_ms: Option<u32>,
        sdram_words: Option<u32>,
        stuck: Option<StuckBit>,
    },
}

impl fmt::Display for LinkSpec {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            LinkSpec::Serial { path, baud } => write!(f, "serial:{path}@{baud}"),
            LinkSpec::Tcp { host, port } => write!(f, "tcp:{host}:{port}"),
            LinkSpec::Listen { address, port } => write!(f, "listen:{address}:{port}"),
            LinkSpec::Exec { command } => write!(f, "exec:{command}"),
            LinkSpec::Engine { name } => write!(f, "engine:{name}"),
            LinkSpec::Stdio => write!(f, "stdio"),
            LinkSpec::Sim {
                baud,
                search_ms,
                sdram_words,
                stuck,
            } => {
                write!(f, "sim@{baud}")?;
                if let Some(ms) = search_ms {
                    write!(f, ":{ms}")?;
                }
                if let Some(words) = sdram_words {
                    write!(f, ",sdram={words}")?;
                }
                if let Some((bit, level)) = stuck {
                    write!(f, ",stuck={bit}:{}", u8::from(*level))?;
                }
                Ok(())
            }
        }
    }
}

const SPEC_FORMS: &str = "serial:PATH[@BAUD], tcp:HOST:PORT, listen:[ADDRESS:]PORT, \
                          exec:COMMAND, engine:NAME, sim[@BAUD][:MS][,OPTION...] or stdio";

/// A data line of the simulated board's SDRAM forced to a level: (bit, level).
type StuckBit = (u8, bool);

/// The simulated board's options after its `sim[@BAUD][:MS]`: `sdram=WORDS`,
/// `stuck=BIT:LEVEL`.
fn sim_options(
    options: Option<&str>,
    spec: &str,
) -> Result<(Option<u32>, Option<StuckBit>), String> {
    let (mut words, mut stuck) = (None, None);
    for option in options.into_iter().flat_map(|o| o.split(',')) {
        match option.split_once('=') {
            Some(("sdram", w)) => {
                words = Some(
                    sim::board_sim::parse_sdram_words(w).map_err(|e| format!("`{spec}`: {e}"))?,
                )
            }
            Some(("stuck", s)) => {
                stuck = Some(sim::board_sim::parse_stuck(s).map_err(|e| format!("`{spec}`: {e}"))?)
            }
            _ => {
                return Err(format!(
                    "`{option}` in `{spec}` is no option of the simulated board \
                     (sdram=WORDS, stuck=BIT:LEVEL)"
                ))
            }
        }
    }
    Ok((words, stuck))
}

fn port_number(text: &str, spec: &str) -> Result<u16, String> {
    text.parse()
        .map_err(|_| format!("`{text}` in `{spec}` is not a port number (0-65535)"))
}

impl FromStr for LinkSpec {
    type Err = String;
    fn from_str(spec: &str) -> Result<LinkSpec, String> {
        if spec == "stdio" {
            return Ok(LinkSpec::Stdio);
        }
        if let Some(rest) = spec.strip_prefix("sim") {
            let (rest, options) = match rest.split_once(',') {
                Some((rest, options)) => (rest, Some(options)),
                None => (rest, None),
            };
            let (sdram_words, stuck) = sim_options(options, spec)?;
            let (rest, search_ms) = match rest.split_once(':') {
                Some((rest, ms)) => (
                    rest,
                    Some(
                        ms.parse::<u32>()
                            .ok()
                            .filter(|&ms| ms <= 1000)
                            .ok_or_else(|| {
                                format!("`{ms}` in `{spec}` is not a search time in ms (0-1000)")
                            })?,
                    ),
                ),
                None => (rest, None),
            };
            let baud = match rest.strip_prefix('@') {
                None if rest.is_empty() => DEFAULT_BAUD,
                Some(b) => b
                    .parse::<u32>()
                    .ok()
                    .filter(|&b| b > 0)
                    .ok_or_else(|| format!("`{b}` in `{spec}` is not a baud rate"))?,
                None => return Err(format!("`{spec}` is not a link: use {SPEC_FORMS}")),
            };
            return Ok(LinkSpec::Sim {
                baud,
                search_ms,
                sdram_words,
                stuck,
            });
        }
        let Some((kind, rest)) = spec.split_once(':') else {
            return Err(format!("`{spec}` is not a link: use {SPEC_FORMS}"));
        };
        if rest.is_empty() {
            return Err(format!("`{spec}` names no {kind} target: use {SPEC_FORMS}"));
        }
        match kind {
            "serial" => {
                let (path, baud) = match rest.rsplit_once('@') {
                    Some((path, baud)) => (
                        path,
                        baud.parse::<u32>()
                            .ok()
                            .filter(|&b| b > 0)
                            .ok_or_else(|| format!("`{baud}` in `{spec}` is not a baud rate"))?,
                    ),
                    None => (rest, DEFAULT_BAUD),
                };
                Ok(LinkSpec::Serial {
                    path: path.to_string(),
                    baud,
                })
            }
            "tcp" => {
                let (host, port) = rest
                    .rsplit_once(':')
                    .ok_or_else(|| format!("`{spec}` needs HOST:PORT"))?;
                Ok(LinkSpec::Tcp {
                    host: host.to_string(),
                    port: port_number(port, spec)?,
                })
            }
            "listen" => {
                let (address, port) = rest.rsplit_once(':').unwrap_or(("0.0.0.0", rest));
                Ok(LinkSpec::Listen {
                    address: address.to_string(),
                    port: port_number(port, spec)?,
                })
            }
            "exec" => Ok(LinkSpec::Exec {
                command: rest.to_string(),
            }),
            "engine" => Ok(LinkSpec::Engine {
                name: rest.to_string(),
            }),
            _ => Err(format!(
                "unknown link kind `{kind}` in `{spec}`: use {SPEC_FORMS}"
            )),
        }
    }
}

/// Checks that `spec` can be opened by the referee (not `stdio`: it speaks for itself).
pub fn check_referee_spec(spec: &LinkSpec) -> anyhow::Result<()> {
    if *spec == LinkSpec::Stdio {
        anyhow::bail!("a referee's player cannot be `stdio`: use exec:COMMAND for a program");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_print_back() {
        let cases = [
            ("serial:/dev/ttyUSB0", "serial:/dev/ttyUSB0@115200"),
            ("serial:/dev/ttyUSB0@9600", "serial:/dev/ttyUSB0@9600"),
            ("tcp:localhost:10000", "tcp:localhost:10000"),
            ("listen:10001", "listen:0.0.0.0:10001"),
            ("listen:127.0.0.1:0", "listen:127.0.0.1:0"),
            ("exec:./player --fast", "exec:./player --fast"),
            ("engine:default", "engine:default"),
            ("stdio", "stdio"),
            ("sim", "sim@115200"),
            ("sim@9600", "sim@9600"),
            ("sim:5", "sim@115200:5"),
            ("sim@9600:650", "sim@9600:650"),
            ("sim,sdram=4096", "sim@115200,sdram=4096"),
            (
                "sim:10,stuck=5:1,sdram=512",
                "sim@115200:10,sdram=512,stuck=5:1",
            ),
        ];
        for (text, shown) in cases {
            let spec: LinkSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), shown);
            assert_eq!(shown.parse::<LinkSpec>().unwrap(), spec);
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let error = |s: &str| s.parse::<LinkSpec>().unwrap_err();
        assert!(error("ttyUSB0").contains("is not a link"));
        assert!(error("serial:").contains("names no serial target"));
        assert!(error("serial:/dev/x@fast").contains("`fast`"));
        assert!(error("tcp:localhost").contains("HOST:PORT"));
        assert!(error("tcp:localhost:99999").contains("`99999`"));
        assert!(error("udp:1:2").contains("unknown link kind `udp`"));
        assert!(error("sim@fast").contains("`fast`"));
        assert!(error("sim@0").contains("`0`"));
        assert!(error("sim:soon").contains("`soon`"));
        assert!(error("sim@9600:2000").contains("search time"));
        assert!(error("simulator").contains("is not a link"));
        assert!(
            error("ttyUSB0").contains("sim[@BAUD][:MS]"),
            "the forms list sim"
        );
        assert!(error("sim,sdram=100").contains("not 100"));
        assert!(error("sim,stuck=16:1").contains("BIT:LEVEL"));
        assert!(error("sim,fast").contains("`fast` in `sim,fast` is no option"));
    }
}
