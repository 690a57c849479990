//! Discord's limits on what the bot sends, checked as Discord checks them (a call that breaks
//! one is refused with "Invalid Form Body", code 50035, its `errors` tree naming the field).

use serde_json::{Map, Value, json};

/// What Discord refuses in a call: the field (its path in the body, dotted; empty for the
/// body as a whole), Discord's code for the problem and its words.
#[derive(Debug)]
pub struct Invalid {
    path: String,
    code: &'static str,
    message: String,
}

impl Invalid {
    /// The field at `path` refused with Discord's `code` and `message`.
    pub fn at(path: String, code: &'static str, message: impl Into<String>) -> Invalid {
        Invalid {
            path,
            code,
            message: message.into(),
        }
    }

    /// Discord's `errors` tree for it: the field's path as nested objects, its problems under
    /// `_errors`.
    pub fn errors(&self) -> Value {
        let problem = json!({"_errors": [{"code": self.code, "message": self.message}]});
        self.path
            .split('.')
            .filter(|part| !part.is_empty())
            .rev()
            .fold(problem, |inner, part| {
                let mut map = Map::new();
                map.insert(part.to_owned(), inner);
                Value::Object(map)
            })
    }
}

impl From<&str> for Invalid {
    fn from(problem: &str) -> Invalid {
        Invalid::at(String::new(), "BASE_TYPE_INVALID", problem)
    }
}

impl From<&String> for Invalid {
    fn from(problem: &String) -> Invalid {
        Invalid::from(problem.as_str())
    }
}

impl From<String> for Invalid {
    fn from(problem: String) -> Invalid {
        Invalid::from(problem.as_str())
    }
}

const MAX_CONTENT: usize = 2000;
const MAX_ROWS: usize = 5;
const MAX_PER_ROW: usize = 5;
const MAX_CUSTOM_ID: usize = 100;
const MAX_LABEL: usize = 80;
const MAX_URL: usize = 512;
const MAX_FILES: usize = 10;
const MAX_CHOICES: usize = 25;
const MAX_CHOICE_TEXT: usize = 100;
const MAX_COMMANDS: usize = 100;
const MAX_OPTIONS: usize = 25;
const MAX_DESCRIPTION: usize = 100;
const MAX_EMBEDS: usize = 10;
const MAX_EMBED_TITLE: usize = 256;
const MAX_EMBED_DESCRIPTION: usize = 4096;
const MAX_EMBED_FIELDS: usize = 25;
const MAX_FIELD_NAME: usize = 256;
const MAX_FIELD_VALUE: usize = 1024;
const MAX_FOOTER: usize = 2048;
const MAX_AUTHOR: usize = 256;
const MAX_EMBED_TOTAL: usize = 6000;

fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

/// A message (content, embeds, buttons, files) within Discord's limits; `files` names the
/// files uploaded with it.
pub fn message(message: &Value, files: &[&str]) -> Result<(), Invalid> {
    if chars(&message["content"]) > MAX_CONTENT {
        return Err(Invalid::at(
            "content".into(),
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {MAX_CONTENT} or fewer in length."),
        ));
    }
    if files.len() > MAX_FILES {
        return Err(format!("more than {MAX_FILES} files").into());
    }
    embeds(message, files)?;
    let rows = message["components"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    if rows.len() > MAX_ROWS {
        return Err(format!("more than {MAX_ROWS} action rows").into());
    }
    let mut custom_ids = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let components = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        if components.is_empty() || components.len() > MAX_PER_ROW {
            return Err(format!("an action row needs 1 to {MAX_PER_ROW} components").into());
        }
        for (c, component) in components.iter().enumerate() {
            let path = format!("components.{r}.components.{c}.custom_id");
            let id = chars(&component["custom_id"]);
            if component["style"] != 5 && !(1..=MAX_CUSTOM_ID).contains(&id) {
                return Err(Invalid::at(
                    path,
                    "BASE_TYPE_BAD_LENGTH",
                    format!("Must be between 1 and {MAX_CUSTOM_ID} in length."),
                ));
            }
            if let Some(custom_id) = component["custom_id"].as_str() {
                if custom_ids.contains(&custom_id) {
                    return Err(Invalid::at(
                        path,
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    ));
                }
                custom_ids.push(custom_id);
            }
            link_button(component, &format!("components.{r}.components.{c}"))?;
            if chars(&component["label"]) > MAX_LABEL {
                return Err(format!("a label longer than {MAX_LABEL} characters").into());
            }
        }
    }
    Ok(())
}

/// A link button (style 5) has a URL Discord opens (http, https or discord, at most
/// [`MAX_URL`] characters) and no custom id; every other style has no URL.
fn link_button(component: &Value, path: &str) -> Result<(), Invalid> {
    let url = component["url"].as_str();
    if component["style"] != 5 {
        return match url {
            Some(_) => Err(Invalid::at(
                format!("{path}.url"),
                "COMPONENT_FIELD_NOT_ALLOWED",
                "Only link buttons may have a url.",
            )),
            None => Ok(()),
        };
    }
    if !component["custom_id"].is_null() {
        return Err(Invalid::at(
            format!("{path}.custom_id"),
            "COMPONENT_FIELD_NOT_ALLOWED",
            "Link buttons cannot have a custom_id.",
        ));
    }
    let Some(url) = url else {
        return Err(Invalid::at(
            format!("{path}.url"),
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    };
    if url.chars().count() > MAX_URL
        || !["http://", "https://", "discord://"]
            .iter()
            .any(|scheme| url.starts_with(scheme))
    {
        return Err(Invalid::at(
            format!("{path}.url"),
            "URL_TYPE_INVALID_URL",
            "Not a well formed URL.",
        ));
    }
    Ok(())
}

/// Whether `message` (a new message's data) shows nothing: no content, embed, file nor
/// component. Discord refuses it (50006, "Cannot send an empty message").
pub fn empty(message: &Value, files: &[&str]) -> bool {
    let none = |field: &str| message[field].as_array().is_none_or(Vec::is_empty);
    message["content"].as_str().is_none_or(str::is_empty)
        && files.is_empty()
        && none("embeds")
        && none("components")
        && none("sticker_ids")
        && message["poll"].is_null()
}

/// The embeds of a message within Discord's limits: the length of each part, the total
/// across the message's embeds, and images that name a file by `attachment://NAME` naming one
/// uploaded with the message (or kept from it, listed in `attachments`).
fn embeds(message: &Value, files: &[&str]) -> Result<(), Invalid> {
    let embeds = message["embeds"].as_array().map_or(&[][..], Vec::as_slice);
    if embeds.len() > MAX_EMBEDS {
        return Err(format!("more than {MAX_EMBEDS} embeds").into());
    }
    let kept: Vec<&str> = message["attachments"]
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|a| a["filename"].as_str())
        .collect();
    let mut total = 0;
    for embed in embeds {
        let parts = [
            ("title", &embed["title"], MAX_EMBED_TITLE),
            ("description", &embed["description"], MAX_EMBED_DESCRIPTION),
            ("footer", &embed["footer"]["text"], MAX_FOOTER),
            ("author", &embed["author"]["name"], MAX_AUTHOR),
        ];
        for (part, text, limit) in parts {
            if chars(text) > limit {
                return Err(format!("an embed {part} longer than {limit} characters").into());
            }
            total += chars(text);
        }
        let fields = embed["fields"].as_array().map_or(&[][..], Vec::as_slice);
        if fields.len() > MAX_EMBED_FIELDS {
            return Err(format!("more than {MAX_EMBED_FIELDS} embed fields").into());
        }
        for field in fields {
            let (name, value) = (chars(&field["name"]), chars(&field["value"]));
            if !(1..=MAX_FIELD_NAME).contains(&name) || !(1..=MAX_FIELD_VALUE).contains(&value) {
                return Err(format!(
                    "an embed field needs a name of 1 to {MAX_FIELD_NAME} and a value of 1 to \
                     {MAX_FIELD_VALUE} characters"
                )
                .into());
            }
            total += name + value;
        }
        for image in [&embed["image"]["url"], &embed["thumbnail"]["url"]] {
            if let Some(name) = image.as_str().and_then(|u| u.strip_prefix("attachment://"))
                && !files.contains(&name)
                && !kept.contains(&name)
            {
                return Err(format!("the embed's image {name} is not attached").into());
            }
        }
    }
    if total > MAX_EMBED_TOTAL {
        return Err(format!("embeds longer than {MAX_EMBED_TOTAL} characters in all").into());
    }
    Ok(())
}

/// An autocomplete answer within Discord's limits.
pub fn choices(data: &Value) -> Result<(), String> {
    let choices = data["choices"].as_array().map_or(&[][..], Vec::as_slice);
    if choices.len() > MAX_CHOICES {
        return Err(format!("more than {MAX_CHOICES} choices"));
    }
    for choice in choices {
        if !(1..=MAX_CHOICE_TEXT).contains(&chars(&choice["name"]))
            || chars(&choice["value"]) > MAX_CHOICE_TEXT
        {
            return Err(format!(
                "a choice's name and value need 1 to {MAX_CHOICE_TEXT} characters"
            ));
        }
    }
    Ok(())
}

/// The locales Discord takes for command names and descriptions.
const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// A command or option name as Discord takes it: its pattern, and lower case wherever a
/// letter has one.
fn name_ok(name: &str) -> bool {
    static PATTERN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
            .expect("the pattern compiles")
    });
    PATTERN.is_match(name) && name.to_lowercase() == name
}

/// The localisations of a name or description, by locale: each locale one Discord knows and
/// each text passing `ok`.
fn localizations<'a>(
    map: &'a Value,
    what: &str,
    ok: impl Fn(&str) -> bool,
) -> Result<Vec<(&'a str, &'a str)>, String> {
    let Some(map) = map.as_object() else {
        return if map.is_null() {
            Ok(Vec::new())
        } else {
            Err(format!("{what} localizations are not a map"))
        };
    };
    map.iter()
        .map(|(locale, text)| {
            let text = text.as_str().unwrap_or_default();
            if !LOCALES.contains(&locale.as_str()) {
                Err(format!("unknown locale {locale} in {what} localizations"))
            } else if !ok(text) {
                Err(format!("bad {what} localization {locale}: {text:?}"))
            } else {
                Ok((locale.as_str(), text))
            }
        })
        .collect()
}

fn description_ok(text: &str) -> bool {
    (1..=MAX_DESCRIPTION).contains(&text.chars().count())
}

/// The name, description and their localisations of a command or option; the names it is
/// known by (in each locale, `""` for the default) must not clash with `taken`'s.
fn named(item: &Value, taken: &mut Vec<(String, String)>) -> Result<(), String> {
    let name = item["name"].as_str().unwrap_or_default();
    if !name_ok(name) {
        return Err(format!("bad name {}", item["name"]));
    }
    if !description_ok(item["description"].as_str().unwrap_or_default()) {
        return Err(format!("bad description of {name}"));
    }
    localizations(
        &item["description_localizations"],
        "description",
        description_ok,
    )?;
    let names = localizations(&item["name_localizations"], "name", name_ok)?;
    for (locale, name) in std::iter::once(("", name)).chain(names) {
        let key = (locale.to_owned(), name.to_owned());
        if taken.contains(&key) {
            return Err(format!("the name {name} ({locale}) is used twice"));
        }
        taken.push(key);
    }
    Ok(())
}

/// Slash command definitions within Discord's limits, localisations included.
pub fn commands(definitions: &Value) -> Result<(), String> {
    let commands = definitions.as_array().ok_or("not a list of commands")?;
    if commands.len() > MAX_COMMANDS {
        return Err(format!("more than {MAX_COMMANDS} commands"));
    }
    let mut command_names = Vec::new();
    for command in commands {
        named(command, &mut command_names)?;
        options(command, Level::Command)?;
    }
    Ok(())
}

/// Discord's option types that group other options.
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;

/// Where options are: a command's may be subcommands (or groups of them) or plain options,
/// not both; a group's are subcommands; a subcommand's are plain options.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    Command,
    Group,
    Subcommand,
}

/// The options of a command, a subcommand group or a subcommand, within Discord's limits.
fn options(item: &Value, level: Level) -> Result<(), String> {
    let options = item["options"].as_array().map_or(&[][..], Vec::as_slice);
    if options.len() > MAX_OPTIONS {
        return Err(format!("more than {MAX_OPTIONS} options"));
    }
    let kinds: Vec<u64> = options
        .iter()
        .map(|o| o["type"].as_u64().unwrap_or(0))
        .collect();
    let grouping = |k: &u64| *k == SUB_COMMAND || *k == SUB_COMMAND_GROUP;
    let allowed = match level {
        Level::Command => kinds.iter().all(grouping) || !kinds.iter().any(grouping),
        Level::Group => kinds.iter().all(|k| *k == SUB_COMMAND),
        Level::Subcommand => !kinds.iter().any(grouping),
    };
    if !allowed {
        return Err("subcommands mixed with other options, or nested too deep".into());
    }
    let mut optional_seen = false;
    let mut option_names = Vec::new();
    for (option, kind) in options.iter().zip(kinds) {
        named(option, &mut option_names)?;
        if kind == SUB_COMMAND || kind == SUB_COMMAND_GROUP {
            let inner = if kind == SUB_COMMAND {
                Level::Subcommand
            } else {
                Level::Group
            };
            self::options(option, inner)?;
            continue;
        }
        let required = option["required"].as_bool().unwrap_or(false);
        if required && optional_seen {
            return Err("a required option after an optional one".into());
        }
        optional_seen |= !required;
        let choices = option["choices"].as_array().map_or(&[][..], Vec::as_slice);
        if choices.len() > MAX_CHOICES {
            return Err(format!("more than {MAX_CHOICES} choices"));
        }
        if !choices.is_empty() && option["autocomplete"].as_bool().unwrap_or(false) {
            return Err("choices and autocomplete together".into());
        }
        let choice_ok = |text: &str| (1..=MAX_CHOICE_TEXT).contains(&text.chars().count());
        for choice in choices {
            if !choice_ok(choice["name"].as_str().unwrap_or_default()) {
                return Err(format!("bad choice name {}", choice["name"]));
            }
            localizations(&choice["name_localizations"], "choice name", choice_ok)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{commands, message};

    fn with_embed(embed: serde_json::Value) -> serde_json::Value {
        json!({"content": "", "embeds": [embed]})
    }

    #[test]
    fn link_buttons_have_a_url_and_nothing_else_has_one() {
        let row = |button: serde_json::Value| json!({"content": "x", "components": [{"type": 1, "components": [button]}]});
        let link = |url: &str| json!({"type": 2, "style": 5, "label": "Watch", "url": url});
        assert!(message(&row(link("https://example.org/g/abc")), &[]).is_ok());
        assert!(message(&row(link("ftp://example.org")), &[]).is_err());
        assert!(message(&row(link(&format!("https://{}", "a".repeat(510)))), &[]).is_err());
        assert!(message(&row(json!({"type": 2, "style": 5, "label": "Watch"})), &[]).is_err());
        let both =
            json!({"type": 2, "style": 5, "label": "W", "url": "https://e.org", "custom_id": "x"});
        assert!(message(&row(both), &[]).is_err());
        let plain =
            json!({"type": 2, "style": 2, "label": "P", "custom_id": "x", "url": "https://e.org"});
        assert!(message(&row(plain), &[]).is_err());
    }

    #[test]
    fn an_embed_image_must_name_an_attached_file() {
        let embed = with_embed(json!({"image": {"url": "attachment://game-1.png"}}));
        assert!(message(&embed, &["game-1.png"]).is_ok());
        assert!(message(&embed, &["board.png"]).is_err());
        assert!(message(&embed, &[]).is_err());
    }

    #[test]
    fn embed_text_is_held_to_discords_limits() {
        let title = |n: usize| with_embed(json!({"title": "t".repeat(n)}));
        assert!(message(&title(256), &[]).is_ok());
        assert!(message(&title(257), &[]).is_err());
        let description = |n: usize| with_embed(json!({"description": "é".repeat(n)}));
        assert!(message(&description(4096), &[]).is_ok());
        assert!(message(&description(4097), &[]).is_err());
        let field = |name: &str, value: usize| {
            with_embed(json!({"fields": [{"name": name, "value": "v".repeat(value)}]}))
        };
        assert!(message(&field("n", 1024), &[]).is_ok());
        assert!(message(&field("n", 1025), &[]).is_err());
        assert!(message(&field("", 1), &[]).is_err());
        let fields: Vec<_> = (0..26)
            .map(|_| json!({"name": "n", "value": "v"}))
            .collect();
        assert!(message(&with_embed(json!({ "fields": fields })), &[]).is_err());
        // 2 × 3100 description characters pass one by one but not together (6000 in all).
        let two = json!({"embeds": [
            {"description": "d".repeat(3100)}, {"description": "d".repeat(3100)}
        ]});
        assert!(message(&two, &[]).is_err());
        let eleven: Vec<_> = (0..11).map(|_| json!({"title": "t"})).collect();
        assert!(message(&json!({ "embeds": eleven }), &[]).is_err());
    }

    fn command(name: &str, ja: &str, option_ja: [&str; 2]) -> serde_json::Value {
        let option = |name: &str, ja: &str| {
            json!({"type": 3, "name": name, "description": "d",
                   "name_localizations": {"ja": ja}, "description_localizations": {"ja": "説明"}})
        };
        json!({"name": name, "description": "d", "name_localizations": {"ja": ja},
               "description_localizations": {"ja": "説明"},
               "options": [option("a", option_ja[0]), option("b", option_ja[1])]})
    }

    #[test]
    fn localised_names_follow_discords_rules() {
        assert!(commands(&json!([command("move", "指す", ["一", "二"])])).is_ok());
        assert!(commands(&json!([command("move", "Move", ["一", "二"])])).is_err());
        assert!(commands(&json!([command("move", "指 す", ["一", "二"])])).is_err());
        assert!(commands(&json!([command("move", &"手".repeat(33), ["一", "二"])])).is_err());
        // Names are unique per level in each locale.
        assert!(commands(&json!([command("move", "指す", ["一", "一"])])).is_err());
        assert!(
            commands(&json!([
                command("move", "指す", ["一", "二"]),
                command("play", "指す", ["一", "二"])
            ]))
            .is_err()
        );
        let mut long = command("move", "指す", ["一", "二"]);
        long["description_localizations"]["ja"] = json!("説".repeat(101));
        assert!(commands(&json!([long])).is_err());
        let mut unknown = command("move", "指す", ["一", "二"]);
        unknown["name_localizations"] = json!({"jp": "指す"});
        assert!(commands(&json!([unknown])).is_err());
    }

    #[test]
    fn subcommands_are_checked_like_commands_and_never_mixed() {
        let sub = |name: &str, ja: &str, option_ja: [&str; 2]| {
            let mut sub = command(name, ja, option_ja);
            sub["type"] = json!(1);
            sub
        };
        let with = |options: serde_json::Value| {
            let mut top = command("tournament", "大会", ["一", "二"]);
            top["options"] = options;
            json!([top])
        };
        let good = with(json!([
            sub("join", "参加", ["一", "二"]),
            sub("leave", "退出", ["一", "二"])
        ]));
        assert!(commands(&good).is_ok());
        // A subcommand's own options follow the rules too...
        assert!(commands(&with(json!([sub("join", "参加", ["一", "一"])]))).is_err());
        assert!(commands(&with(json!([sub("join", "Join", ["一", "二"])]))).is_err());
        // ...subcommands are not mixed with plain options, nor put in a subcommand.
        let plain = json!({"type": 3, "name": "x", "description": "d"});
        assert!(commands(&with(json!([sub("join", "参加", ["一", "二"]), plain]))).is_err());
        let mut nested = sub("join", "参加", ["一", "二"]);
        nested["options"] = json!([sub("deep", "深い", ["一", "二"])]);
        assert!(commands(&with(json!([nested]))).is_err());
    }
}
