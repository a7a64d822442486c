//! Solving Dobutsu shogi: the packed position codes and the reachable set
//! (the first stage of the retrograde analysis).

pub mod code;
pub mod reach;

#[cfg(test)]
mod tests;
