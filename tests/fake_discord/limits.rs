//! Discord's limits on what the bot sends, checked as Discord checks them (a call that breaks
//! one is refused with "Invalid Form Body", code 50035).

use serde_json::Value;

const MAX_CONTENT: usize = 2000;
const MAX_ROWS: usize = 5;
const MAX_PER_ROW: usize = 5;
const MAX_CUSTOM_ID: usize = 100;
const MAX_LABEL: usize = 80;
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
pub fn message(message: &Value, files: &[&str]) -> Result<(), String> {
    if chars(&message["content"]) > MAX_CONTENT {
        return Err(format!("content longer than {MAX_CONTENT} characters"));
    }
    if files.len() > MAX_FILES {
        return Err(format!("more than {MAX_FILES} files"));
    }
    embeds(message, files)?;
    let rows = message["components"]
        .as_array()
        .map_or(&[][..], Vec::as_slice);
    if rows.len() > MAX_ROWS {
        return Err(format!("more than {MAX_ROWS} action rows"));
    }
    for row in rows {
        let components = row["components"].as_array().map_or(&[][..], Vec::as_slice);
        if components.is_empty() || components.len() > MAX_PER_ROW {
            return Err(format!("an action row needs 1 to {MAX_PER_ROW} components"));
        }
        for component in components {
            let id = chars(&component["custom_id"]);
            if component["style"] != 5 && !(1..=MAX_CUSTOM_ID).contains(&id) {
                return Err(format!("a custom id needs 1 to {MAX_CUSTOM_ID} characters"));
            }
            if chars(&component["label"]) > MAX_LABEL {
                return Err(format!("a label longer than {MAX_LABEL} characters"));
            }
        }
    }
    Ok(())
}

/// The embeds of a message within Discord's limits: the length of each part, the total
/// across the message's embeds, and images that name a file by `attachment://NAME` naming one
/// uploaded with the message (or kept from it, listed in `attachments`).
fn embeds(message: &Value, files: &[&str]) -> Result<(), String> {
    let embeds = message["embeds"].as_array().map_or(&[][..], Vec::as_slice);
    if embeds.len() > MAX_EMBEDS {
        return Err(format!("more than {MAX_EMBEDS} embeds"));
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
                return Err(format!("an embed {part} longer than {limit} characters"));
            }
            total += chars(text);
        }
        let fields = embed["fields"].as_array().map_or(&[][..], Vec::as_slice);
        if fields.len() > MAX_EMBED_FIELDS {
            return Err(format!("more than {MAX_EMBED_FIELDS} embed fields"));
        }
        for field in fields {
            let (name, value) = (chars(&field["name"]), chars(&field["value"]));
            if !(1..=MAX_FIELD_NAME).contains(&name) || !(1..=MAX_FIELD_VALUE).contains(&value) {
                return Err(format!(
                    "an embed field needs a name of 1 to {MAX_FIELD_NAME} and a value of 1 to \
                     {MAX_FIELD_VALUE} characters"
                ));
            }
            total += name + value;
        }
        for image in [&embed["image"]["url"], &embed["thumbnail"]["url"]] {
            if let Some(name) = image.as_str().and_then(|u| u.strip_prefix("attachment://"))
                && !files.contains(&name)
                && !kept.contains(&name)
            {
                return Err(format!("the embed's image {name} is not attached"));
            }
        }
    }
    if total > MAX_EMBED_TOTAL {
        return Err(format!(
            "embeds longer than {MAX_EMBED_TOTAL} characters in all"
        ));
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

fn name_ok(name: &Value) -> bool {
    name.as_str().is_some_and(|n| {
        (1..=32).contains(&n.chars().count())
            && n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    })
}

/// Slash command definitions within Discord's limits.
pub fn commands(definitions: &Value) -> Result<(), String> {
    let commands = definitions.as_array().ok_or("not a list of commands")?;
    if commands.len() > MAX_COMMANDS {
        return Err(format!("more than {MAX_COMMANDS} commands"));
    }
    for command in commands {
        if !name_ok(&command["name"]) {
            return Err(format!("bad command name {}", command["name"]));
        }
        if !(1..=MAX_DESCRIPTION).contains(&chars(&command["description"])) {
            return Err(format!("bad description of {}", command["name"]));
        }
        let options = command["options"].as_array().map_or(&[][..], Vec::as_slice);
        if options.len() > MAX_OPTIONS {
            return Err(format!("more than {MAX_OPTIONS} options"));
        }
        let mut optional_seen = false;
        for option in options {
            if !name_ok(&option["name"])
                || !(1..=MAX_DESCRIPTION).contains(&chars(&option["description"]))
            {
                return Err(format!("bad option {}", option["name"]));
            }
            let required = option["required"].as_bool().unwrap_or(false);
            if required && optional_seen {
                return Err("a required option after an optional one".into());
            }
            optional_seen |= !required;
            let choices = option["choices"].as_array().map_or(0, Vec::len);
            if choices > MAX_CHOICES {
                return Err(format!("more than {MAX_CHOICES} choices"));
            }
            if choices > 0 && option["autocomplete"].as_bool().unwrap_or(false) {
                return Err("choices and autocomplete together".into());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::message;

    fn with_embed(embed: serde_json::Value) -> serde_json::Value {
        json!({"content": "", "embeds": [embed]})
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
}
