//! A small reader for the Smart Game Format: the main line of a game tree as
//! nodes of properties. Game-specific meaning lives with each game's record code.

use thiserror::Error;

/// One property: its identifier and values (escapes removed).
pub type Property = (String, Vec<String>);
/// One node: its properties in file order.
pub type Node = Vec<Property>;

/// Why a text is not SGF.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("SGF syntax error at byte {offset}: {message}")]
pub struct SgfSyntaxError {
    pub offset: usize,
    pub message: &'static str,
}

/// Reads the first game tree of `text` and returns its main line (first variation at every branch).
pub fn main_line(text: &str) -> Result<Vec<Node>, SgfSyntaxError> {
    let mut parser = Parser {
        bytes: text.as_bytes(),
        at: 0,
    };
    parser.skip_blanks();
    if parser.peek() != Some(b'(') {
        return Err(parser.error("a game tree starts with '('"));
    }
    let mut nodes = Vec::new();
    parser.tree(&mut nodes, true)?;
    Ok(nodes)
}

struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn error(&self, message: &'static str) -> SgfSyntaxError {
        SgfSyntaxError {
            offset: self.at,
            message,
        }
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    /// Parses `( node* tree* )`; nodes are kept only on the main line.
    fn tree(&mut self, out: &mut Vec<Node>, keep: bool) -> Result<(), SgfSyntaxError> {
        self.at += 1; // '('
        let mut first_child = true;
        loop {
            self.skip_blanks();
            match self.peek() {
                Some(b';') => {
                    self.at += 1;
                    let node = self.node()?;
                    if keep && first_child {
                        out.push(node);
                    }
                }
                Some(b'(') => {
                    self.tree(out, keep && first_child)?;
                    first_child = false;
                }
                Some(b')') => {
                    self.at += 1;
                    return Ok(());
                }
                Some(_) => return Err(self.error("expected ';', '(' or ')'")),
                None => return Err(self.error("the game tree is not closed with ')'")),
            }
        }
    }

    fn node(&mut self) -> Result<Node, SgfSyntaxError> {
        let mut node = Vec::new();
        loop {
            self.skip_blanks();
            let start = self.at;
            while self.peek().is_some_and(|b| b.is_ascii_uppercase()) {
                self.at += 1;
            }
            if self.at == start {
                if self.peek().is_some_and(|b| b.is_ascii_lowercase()) {
                    return Err(self.error("property identifiers are upper-case letters"));
                }
                return Ok(node);
            }
            let id = String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned();
            let mut values = Vec::new();
            self.skip_blanks();
            while self.peek() == Some(b'[') {
                values.push(self.value()?);
                self.skip_blanks();
            }
            if values.is_empty() {
                return Err(self.error("a property needs at least one [value]"));
            }
            node.push((id, values));
        }
    }

    fn value(&mut self) -> Result<String, SgfSyntaxError> {
        self.at += 1; // '['
        let mut value = Vec::new();
        loop {
            match self.peek() {
                Some(b']') => {
                    self.at += 1;
                    return Ok(String::from_utf8_lossy(&value).into_owned());
                }
                Some(b'\\') => {
                    self.at += 1;
                    match self.peek() {
                        Some(b'\n') => {}
                        Some(b) => value.push(b),
                        None => break,
                    }
                    self.at += 1;
                }
                Some(b) => {
                    value.push(b);
                    self.at += 1;
                }
                None => break,
            }
        }
        Err(self.error("a property value is not closed with ']'"))
    }
}

/// Escapes `]` and `\` for an SGF value.
pub fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_main_line_with_escapes_and_variations() {
        let text = "(;GM[Blokus Duo]C[a \\] b];B[e10](;W[j5];B[a1])(;W[n14]))";
        let nodes = main_line(text).unwrap();
        assert_eq!(nodes.len(), 4);
        assert_eq!(nodes[0][1], ("C".to_string(), vec!["a ] b".to_string()]));
        assert_eq!(nodes[2][0].1, vec!["j5".to_string()]);
        assert_eq!(nodes[3][0].1, vec!["a1".to_string()]);
        assert_eq!(escape("x]\\"), "x\\]\\\\");
    }

    #[test]
    fn syntax_errors_name_the_byte() {
        assert_eq!(main_line("  ;B[a1]").unwrap_err().offset, 2);
        let err = main_line("(;B[a1]").unwrap_err();
        assert_eq!(err.message, "the game tree is not closed with ')'");
        assert!(main_line("(;B[a1)").is_err());
        assert!(main_line("(;B)").is_err());
        assert!(main_line("(;b[a1])").is_err());
    }
}
