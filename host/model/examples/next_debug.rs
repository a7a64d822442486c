use blokus::{MoveCode, Position};
use model::next::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let codes: Vec<MoveCode> = args[1].split(',').map(|c| c.parse().unwrap()).collect();
    let position = Position::from_codes(&codes).unwrap();
    let n: u64 = args[2].parse().unwrap();
    let config = Config {
        children: Children::Prior(args[4].parse().unwrap()),
        select: Select::Prior,
        c_q8: 128,
        expand: match args[5].as_str() {
            "depth" => Expand::Depth,
            n => Expand::After(n.parse().unwrap()),
        },
        enter_best: true,
        virtual_count: 48,
        leaf_playouts: 1,
        nodes: args[3].parse().unwrap(),
        ..Config::BOARD
    };
    let o = search(&position, [None; 3], &config, n);
    let mut root = o.root.clone();
    root.sort_by_key(|r| std::cmp::Reverse(r.1));
    println!(
        "best {:?} nodes {} depth {}",
        o.best.code(),
        o.nodes,
        o.depth
    );
    for (m, v, mean) in root.iter().take(12) {
        println!("{} visits {v} mean {mean}", m.code());
    }
    let pri = prior::priors(&position, &[], &prior::FITTED, 12, 1);
    for p in pri {
        println!(
            "prior {} d {} w {}",
            p.placement.code(),
            p.distance,
            p.weight
        );
    }
}
