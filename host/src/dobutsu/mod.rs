//! Dobutsu shogi: rules, notation and perft (to be written).
