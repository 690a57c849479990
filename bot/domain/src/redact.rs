//! A URL as logs and errors may show it: a database's or a proxy's address without the
//! password it carries, in its user part (`user:password@`) or its query (`?password=…`).

use std::fmt;

/// Shows a URL without its password; anything that is not a URL (no `://`) as it is.
///
/// ```
/// use domain::Redacted;
///
/// let url = "postgres://nadare:s3cret@db:5432/nadare?password=s3cret&sslmode=disable";
/// assert_eq!(
///     Redacted(url).to_string(),
///     "postgres://nadare@db:5432/nadare?password=<redacted>&sslmode=disable"
/// );
/// ```
#[derive(Clone, Copy)]
pub struct Redacted<'a>(pub &'a str);

impl fmt::Display for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((scheme, rest)) = self.0.split_once("://") else {
            return f.write_str(self.0);
        };
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(end);
        // The host never holds `@`: the user part ends at the last one.
        let host = match authority.rsplit_once('@') {
            Some((user, host)) => {
                let user = user.split_once(':').map_or(user, |(user, _)| user);
                write!(f, "{scheme}://{user}@")?;
                host
            }
            None => {
                write!(f, "{scheme}://")?;
                authority
            }
        };
        f.write_str(host)?;
        let Some((path, query)) = tail.split_once('?') else {
            return f.write_str(tail);
        };
        write!(f, "{path}?")?;
        let (query, fragment) = query
            .split_once('#')
            .map_or((query, None), |(q, f)| (q, Some(f)));
        for (i, pair) in query.split('&').enumerate() {
            if i > 0 {
                f.write_str("&")?;
            }
            match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => {
                    write!(f, "{key}=<redacted>")?;
                }
                _ => f.write_str(pair)?,
            }
        }
        match fragment {
            Some(fragment) => write!(f, "#{fragment}"),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// True when `url` carries a user or a password before its host (`user:password@host`).
pub fn has_user_info(url: &str) -> bool {
    url.split_once("://").is_some_and(|(_, rest)| {
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        rest.get(..end)
            .is_some_and(|authority| authority.contains('@'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_left_out_and_the_rest_is_kept() {
        for (url, shown) in [
            ("postgres://u:p@h/db", "postgres://u@h/db"),
            ("postgres://u:p@ss@h:5/db", "postgres://u@h:5/db"),
            ("postgresql://u@h/db", "postgresql://u@h/db"),
            ("http://user:secret@proxy:3000", "http://user@proxy:3000"),
            ("http://proxy:3000/a@b", "http://proxy:3000/a@b"),
            (
                "postgres://h/db?user=u&PASSWORD=p#x",
                "postgres://h/db?user=u&PASSWORD=<redacted>#x",
            ),
            ("nadare.db", "nadare.db"),
            ("sqlite:/tmp/a@b.db", "sqlite:/tmp/a@b.db"),
        ] {
            assert_eq!(Redacted(url).to_string(), shown, "{url}");
            assert_eq!(format!("{:?}", Redacted(url)), format!("\"{shown}\""));
        }
        assert!(has_user_info("http://u:p@h") && has_user_info("http://u@h/"));
        assert!(!has_user_info("http://h/a@b") && !has_user_info("h@x"));
    }
}
