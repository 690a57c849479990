//! Embeds the message catalogs: every `locales/LANG/NAME.ftl` becomes an entry of
//! `RESOURCES` in `$OUT_DIR/locales.rs`, so adding a catalog file needs no code change.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not baked in when it is compiled: a compiled build script
    // may be reused for a copy of the package in another folder.
    let manifest_dir =
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir).join("locales");
    println!("cargo::rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    let langs = std::fs::read_dir(&root).expect("locales/ is readable");
    for lang in langs.flatten() {
        let lang_name = lang.file_name().to_string_lossy().into_owned();
        println!("cargo::rerun-if-changed={}", lang.path().display());
        let Ok(entries) = std::fs::read_dir(lang.path()) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "ftl") {
                println!("cargo::rerun-if-changed={}", path.display());
                let stem = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                files.push((lang_name.clone(), stem, path));
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// Every catalog file: its language, its name (without `.ftl`) and its text.\n\
         pub(crate) const RESOURCES: &[(&str, &str, &str)] = &[\n",
    );
    for (lang, stem, path) in files {
        writeln!(
            out,
            "    ({lang:?}, {stem:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("locales.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
