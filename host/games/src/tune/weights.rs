//! A linear evaluation's weights file, the same for every game's fitted
//! evaluation: `#` comments, then a line `name value` for every feature, the
//! values whole numbers. Reading it names the line at fault.

/// The weights of the features `names`, in their order, read from `text`.
pub fn parse(text: &str, names: &[String]) -> Result<Vec<i32>, String> {
    let mut weights = vec![None; names.len()];
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |what: &str| format!("line {}: {what}: `{line}`", number + 1);
        let (name, value) = line
            .split_once(char::is_whitespace)
            .ok_or_else(|| at("not `name value`"))?;
        let index = names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| at("no such weight"))?;
        let value: i32 = value.trim().parse().map_err(|_| at("not a whole number"))?;
        if weights[index].replace(value).is_some() {
            return Err(at("a weight given twice"));
        }
    }
    let missing: Vec<&str> = names
        .iter()
        .zip(&weights)
        .filter(|(_, w)| w.is_none())
        .map(|(n, _)| n.as_str())
        .take(3)
        .collect();
    if !missing.is_empty() {
        return Err(format!("weights missing: {} ...", missing.join(", ")));
    }
    Ok(weights.into_iter().map(|w| w.unwrap_or(0)).collect())
}

/// The weights of the features `names` read from the file at `path`; the
/// error names the file (and the line at fault).
pub fn read(path: &str, names: &[String]) -> Result<Vec<i32>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the weights file {path}: {e}"))?;
    parse(&text, names).map_err(|e| format!("{path}: {e}"))
}

/// The file's text: each line of `header` as a comment, then a line a weight.
pub fn to_text(header: &str, names: &[String], weights: &[i32]) -> String {
    let mut text: String = header.lines().map(|l| format!("# {l}\n")).collect();
    for (name, weight) in names.iter().zip(weights) {
        text.push_str(&format!("{name} {weight}\n"));
    }
    text
}

/// Whole-number weights rounded from a fitting's.
pub fn rounded(weights: &[f64]) -> Vec<i32> {
    weights.iter().map(|w| w.round() as i32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["a.one", "b.two"].map(String::from).to_vec()
    }

    #[test]
    fn a_file_reads_back_what_it_writes() {
        let text = to_text("first line\nsecond", &names(), &[7, -3]);
        assert!(text.starts_with("# first line\n# second\n"), "{text}");
        assert_eq!(parse(&text, &names()), Ok(vec![7, -3]));
    }

    #[test]
    fn a_bad_file_is_refused_naming_the_line() {
        let error = parse("a.one 1\nb.two x\n", &names()).unwrap_err();
        assert_eq!(error, "line 2: not a whole number: `b.two x`");
        let error = parse("c.three 9", &names()).unwrap_err();
        assert_eq!(error, "line 1: no such weight: `c.three 9`");
        let error = parse("a.one 1\na.one 2\nb.two 0", &names()).unwrap_err();
        assert_eq!(error, "line 2: a weight given twice: `a.one 2`");
        let error = parse("a.one 1", &names()).unwrap_err();
        assert_eq!(error, "weights missing: b.two ...");
        let error = parse("a.one", &names()).unwrap_err();
        assert_eq!(error, "line 1: not `name value`: `a.one`");
    }
}
