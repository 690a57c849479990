//! The catalog completeness test: every language has the same files, the same messages and
//! attributes, and each message the same variables; the two fronts' files define the same
//! messages; every bundle builds and formats every message without errors.

use domain::Id;
use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast::{self, Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::{Catalogs, Lang, RESOURCES, Surface, front_of};

/// A message or term (`-name`), or one of its attributes (`name.attr`): the variables it uses.
type Shape = BTreeMap<String, BTreeSet<String>>;

fn shape_of(stem: &str, source: &str) -> Shape {
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("catalog file {stem}.ftl does not parse: {errors:?}"),
    };
    let mut shape = Shape::new();
    for entry in resource.entries() {
        let (id, value, attributes) = match entry {
            Entry::Message(m) => (m.id.name.to_owned(), m.value.as_ref(), &m.attributes),
            Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
            _ => continue,
        };
        let mut vars = BTreeSet::new();
        if let Some(pattern) = value {
            pattern_vars(pattern, &mut vars);
        }
        shape.insert(id.clone(), vars);
        for attr in attributes {
            let mut vars = BTreeSet::new();
            pattern_vars(&attr.value, &mut vars);
            shape.insert(format!("{id}.{}", attr.id.name), vars);
        }
    }
    shape
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. } => call_vars(arguments, vars),
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => call_vars(arguments, vars),
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

fn call_vars(arguments: &ast::CallArguments<&str>, vars: &mut BTreeSet<String>) {
    for arg in &arguments.positional {
        inline_vars(arg, vars);
    }
    for arg in &arguments.named {
        inline_vars(&arg.value, vars);
    }
}

/// The shape of every file of `lang`, by file name.
fn files_of(lang: Lang) -> BTreeMap<&'static str, Shape> {
    RESOURCES
        .iter()
        .filter(|(l, _, _)| *l == lang.id())
        .map(|(_, stem, source)| (*stem, shape_of(stem, source)))
        .collect()
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let english = files_of(Lang::En);
    assert!(!english.is_empty(), "no English catalog files embedded");
    for lang in Lang::all() {
        let files = files_of(lang);
        let names: Vec<_> = files.keys().collect();
        let english_names: Vec<_> = english.keys().collect();
        assert_eq!(
            names,
            english_names,
            "{}: catalog files differ from English",
            lang.id()
        );
        for (stem, shape) in &files {
            let theirs = &english[stem];
            let missing: Vec<_> = theirs.keys().filter(|k| !shape.contains_key(*k)).collect();
            let extra: Vec<_> = shape.keys().filter(|k| !theirs.contains_key(*k)).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}/{stem}.ftl: missing {missing:?}, not in English {extra:?}",
                lang.id()
            );
            for (key, vars) in shape {
                assert_eq!(
                    vars,
                    &theirs[key],
                    "{}/{stem}.ftl: `{key}` uses other variables than in English",
                    lang.id()
                );
            }
        }
    }
}

/// Files that only one front's own code reads and the other front has nothing like: the
/// slash commands Discord lists (names, descriptions, choices), and what each front says
/// itself (its refusals of input only it takes, its markers).
const ONE_FRONT_ONLY: &[&str] = &["discord-commands", "discord-front", "console-front"];

#[test]
fn both_fronts_define_the_same_messages() {
    for lang in Lang::all() {
        let mut by_front: BTreeMap<&str, Shape> = BTreeMap::new();
        for (stem, shape) in files_of(lang) {
            if let Some(front) = front_of(stem).filter(|_| !ONE_FRONT_ONLY.contains(&stem)) {
                by_front.entry(front.prefix()).or_default().extend(shape);
            }
        }
        let discord = by_front.remove("discord").unwrap_or_default();
        let console = by_front.remove("console").unwrap_or_default();
        let d: BTreeMap<_, _> = discord.iter().collect();
        let c: BTreeMap<_, _> = console.iter().collect();
        assert_eq!(d, c, "{}: the Discord and console files differ", lang.id());
    }
}

#[test]
fn every_bundle_formats_every_message_without_errors() {
    let catalogs = Catalogs::build();
    for lang in Lang::all() {
        let all: Shape = files_of(lang).into_values().flatten().collect();
        for surface in Surface::ALL {
            let bundle = catalogs.bundle(lang, surface).expect("bundle built");
            for (key, vars) in &all {
                if key.starts_with('-') {
                    continue;
                }
                let (id, attr) = match key.split_once('.') {
                    Some((id, attr)) => (id, Some(attr)),
                    None => (key.as_str(), None),
                };
                let Some(message) = bundle.get_message(id) else {
                    // A message of the other front's files.
                    continue;
                };
                let pattern = match attr {
                    Some(a) => message.get_attribute(a).map(|a| a.value()),
                    None => message.value(),
                };
                let Some(pattern) = pattern else { continue };
                let mut args = FluentArgs::new();
                for var in vars {
                    args.set(var.clone(), "x");
                }
                let mut errors = Vec::new();
                let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
                assert!(
                    errors.is_empty(),
                    "{} {surface:?}: `{key}` fails to format: {errors:?}",
                    lang.id()
                );
                assert!(
                    !text.trim().is_empty(),
                    "{} {surface:?}: `{key}` is empty",
                    lang.id()
                );
            }
        }
    }
}

#[test]
fn a_missing_message_falls_back_to_english_then_to_its_key() {
    let catalogs = Catalogs::build();
    assert_eq!(
        catalogs.text(
            Lang::Ja,
            Surface::Console,
            "no-such-message",
            &FluentArgs::new()
        ),
        "no-such-message"
    );
    assert!(!catalogs.has(Lang::En, Surface::Discord, "no-such-message"));
}

#[test]
fn no_two_files_of_a_bundle_define_the_same_id() {
    // Messages and terms share one namespace in a bundle: `-rules-x` and `rules-x` clash,
    // and the loser is dropped with only a log line.
    for lang in Lang::all() {
        for surface in Surface::ALL {
            let mut bundle = super::Bundle::new_concurrent(vec![super::langid(lang)]);
            for (file_lang, stem, source) in RESOURCES {
                if *file_lang != lang.id() || !surface.reads(stem) {
                    continue;
                }
                let resource = FluentResource::try_new((*source).to_owned())
                    .unwrap_or_else(|(_, errors)| panic!("{stem}: {errors:?}"));
                if let Err(errors) = bundle.add_resource(resource) {
                    panic!("{} {surface:?} {stem}.ftl clashes: {errors:?}", lang.id());
                }
            }
        }
    }
}
