//! The convergence chart of a genetic algorithm run: each gene's value in the
//! best individual, generation by generation, as a PNG (like the Dobutsu
//! seed's figure 15), drawn with plotters.

use games::tune::Generation;
use plotters::prelude::*;
use std::path::Path;

/// The font the labels are drawn with (Debian's fonts-dejavu-core).
const FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Draws `history` into `path`: a panel per gene named by `names` (its value
/// in the best individual by generation, like the seed's figure 15), a black
/// dot where the gene was fixed.
pub fn draw(
    history: &[Generation],
    names: &[&str],
    title: &str,
    path: &Path,
) -> anyhow::Result<()> {
    anyhow::ensure!(!history.is_empty(), "no generations to draw");
    let font = std::fs::read(FONT).map_err(|e| {
        anyhow::anyhow!("cannot read the font {FONT} ({e}): apt-get install fonts-dejavu-core")
    })?;
    // plotters keeps the font for the process's lifetime.
    let font: &'static [u8] = Box::leak(font.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, font)
        .map_err(|_| anyhow::anyhow!("{FONT} is not a font plotters can read"))?;
    let top = history
        .iter()
        .flat_map(|g| g.best.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let last = history.last().expect("generations").number;
    let columns = (names.len() as f64).sqrt().ceil() as usize;
    let rows = names.len().div_ceil(columns.max(1));
    let root = BitMapBackend::new(path, (1000, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 22))?;
    let panels = root.split_evenly((rows, columns));
    for (gene, (name, panel)) in names.iter().zip(panels.iter()).enumerate() {
        let colour = Palette99::pick(gene).to_rgba();
        let mut chart = ChartBuilder::on(panel)
            .caption(*name, ("sans-serif", 15))
            .margin(6)
            .x_label_area_size(22)
            .y_label_area_size(34)
            .build_cartesian_2d(1u32..last.max(2), 0i32..top + top / 10 + 1)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_labels(4)
            .y_labels(4)
            .label_style(("sans-serif", 11))
            .draw()?;
        chart.draw_series(LineSeries::new(
            history.iter().map(|g| (g.number, g.best[gene])),
            colour.stroke_width(1),
        ))?;
        let fixed = history.last().and_then(|g| g.fixed_at[gene]);
        if let Some(at) = fixed {
            let value = history[(at - 1) as usize].best[gene];
            chart.draw_series(std::iter::once(Circle::new((at, value), 4, BLACK.filled())))?;
        }
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_a_png_of_the_chosen_size_and_bad_input_is_refused() {
        let history: Vec<Generation> = (1..=30)
            .map(|n| Generation {
                number: n,
                best: vec![n as i32 * 3, 100 - n as i32],
                best_points: 2.0,
                games: 20,
                fixed_at: vec![Some(20), None],
            })
            .collect();
        let dir = std::env::temp_dir().join(format!("arena-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("chart.png");
        draw(&history, &["chick", "hen"], "test", &path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
        let height = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
        assert_eq!((width, height), (1000, 600));
        assert!(draw(&[], &[], "empty", &path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
