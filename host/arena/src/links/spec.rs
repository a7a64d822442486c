//! Where a contest player (or referee) is, as the command line names it:
//! `serial:PATH[@BAUD]`, `tcp:HOST:PORT`, `listen:[ADDRESS:]PORT`,
//! `exec:COMMAND`, `engine:NAME`, `sim[@BAUD][:MS]` or `stdio` ([`LinkSpec`]).

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
    /// `sim[@BAUD][:MS]`: the simulated board (started in this process) on its
    /// pseudo-terminal; `MS`: its search's rounds start during `MS`
    /// milliseconds of board time (the real board's budget without it).
    Sim { baud: u32, search_ms: Option<u32> },
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
            LinkSpec::Sim { baud, search_ms } => {
                write!(f, "sim@{baud}")?;
                search_ms.map_or(Ok(()), |ms| write!(f, ":{ms}"))
            }
        }
    }
}

const SPEC_FORMS: &str = "serial:PATH[@BAUD], tcp:HOST:PORT, listen:[ADDRESS:]PORT, \
                          exec:COMMAND, engine:NAME, sim[@BAUD][:MS] or stdio";

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
            return Ok(LinkSpec::Sim { baud, search_ms });
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
    }
}
