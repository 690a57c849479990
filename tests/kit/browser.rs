//! A real browser for the web board's tests: Debian's Chromium, headless, driven through
//! ChromeDriver's WebDriver protocol on loopback (a few JSON calls, so no client crate).
//!
//! Without `chromium` and `chromedriver` the browser tests print "browser tests skipped: …"
//! and pass, unless `NADARE_TEST_BROWSER=required` (set by CI once it installed them), when
//! they fail instead.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

/// Where Debian installs them.
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The key WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// One headless browser window.
pub struct Browser {
    driver: Child,
    http: reqwest::Client,
    session: String,
    _profile: tempfile::TempDir,
}

/// Whether the browser tests must run (CI installed the browser).
fn required() -> bool {
    std::env::var("NADARE_TEST_BROWSER").is_ok_and(|v| v == "required")
}

impl Browser {
    /// A browser window of `width`×`height` CSS px, or `None` (after saying so) when Chromium
    /// or ChromeDriver is missing and they are not required.
    pub async fn start(width: u32, height: u32) -> Option<Browser> {
        let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER]
            .into_iter()
            .filter(|p| !std::path::Path::new(p).exists())
            .collect();
        if !missing.is_empty() {
            assert!(
                !required(),
                "NADARE_TEST_BROWSER=required but {} is missing",
                missing.join(" and ")
            );
            println!(
                "browser tests skipped: {} not installed",
                missing.join(" and ")
            );
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let http = reqwest::Client::new();
        let base = format!("http://127.0.0.1:{port}");
        let since = Instant::now();
        while http.get(format!("{base}/status")).send().await.is_err() {
            assert!(
                since.elapsed() < Duration::from_secs(20),
                "chromedriver never answered"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = tempfile::tempdir().expect("a profile folder");
        let args = [
            "--headless".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-quic".to_owned(),
            "--no-first-run".to_owned(),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
            format!("--user-data-dir={}", profile.path().display()),
            format!("--window-size={width},{height}"),
        ];
        // The viewport is set exactly (a window cannot be narrower than 500 px), as a phone's
        // with touch input when it is narrow.
        let metrics = json!({
            "width": width, "height": height, "pixelRatio": 1.0, "touch": width < 500,
        });
        let asked = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": args,
                "mobileEmulation": {"deviceMetrics": metrics},
            },
        }}});
        let bytes = http
            .post(format!("{base}/session"))
            .header("content-type", "application/json")
            .body(asked.to_string())
            .send()
            .await
            .expect("a session")
            .bytes()
            .await
            .expect("a session's answer");
        let started: Value = serde_json::from_slice(&bytes).expect("a session's JSON");
        let session = started["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {started}"))
            .to_owned();
        Some(Browser {
            driver,
            http,
            session: format!("{base}/session/{session}"),
            _profile: profile,
        })
    }

    /// A WebDriver call on this session; its `value`.
    async fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.session);
        let request = match method {
            "GET" => self.http.get(url),
            "DELETE" => self.http.delete(url),
            _ => self
                .http
                .post(url)
                .header("content-type", "application/json")
                .body(body.to_string()),
        };
        let bytes = request
            .send()
            .await
            .expect("chromedriver answers")
            .bytes()
            .await
            .expect("chromedriver's answer");
        let answer: Value = serde_json::from_slice(&bytes).expect("chromedriver's JSON");
        answer["value"].clone()
    }

    /// Opens `url`.
    pub async fn go(&self, url: &str) {
        self.call("POST", "/url", json!({"url": url})).await;
    }

    /// The element `css` selects, if any.
    async fn element(&self, css: &str) -> Option<String> {
        let found = self
            .call(
                "POST",
                "/element",
                json!({"using": "css selector", "value": css}),
            )
            .await;
        found[ELEMENT].as_str().map(str::to_owned)
    }

    /// Clicks the element `css` selects, as a user would (pointer events and all). An element
    /// the page drew again between finding and clicking it is found again.
    pub async fn click(&self, css: &str) {
        for _ in 0..5 {
            let element = self
                .element(css)
                .await
                .unwrap_or_else(|| panic!("nothing to click at `{css}`"));
            let clicked = self
                .call("POST", &format!("/element/{element}/click"), json!({}))
                .await;
            if clicked.is_null() {
                return;
            }
            assert_eq!(
                clicked["error"], "stale element reference",
                "clicking `{css}` failed: {clicked}"
            );
        }
        panic!("`{css}` kept being drawn again");
    }

    /// Types `text` into the element `css` selects (WebDriver's key codes for special keys:
    /// `\u{E00C}` is Escape).
    pub async fn type_into(&self, css: &str, text: &str) {
        let element = self
            .element(css)
            .await
            .unwrap_or_else(|| panic!("nothing to type into at `{css}`"));
        self.call(
            "POST",
            &format!("/element/{element}/value"),
            json!({"text": text}),
        )
        .await;
    }

    /// Runs `script` (a function body, `arguments` being `args`) in the page; what it returns.
    pub async fn script(&self, script: &str, args: Value) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": args}),
        )
        .await
    }

    /// Waits until the expression `condition` is true in the page, at most `limit`; how long
    /// it took, or `None` if it never was.
    pub async fn wait_for(&self, condition: &str, limit: Duration) -> Option<Duration> {
        let since = Instant::now();
        let script = format!("try {{ return !!({condition}); }} catch (e) {{ return false; }}");
        loop {
            if self.script(&script, json!([])).await == Value::Bool(true) {
                return Some(since.elapsed());
            }
            if since.elapsed() > limit {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The page as a PNG.
    pub async fn screenshot(&self) -> Vec<u8> {
        let shot = self.call("GET", "/screenshot", Value::Null).await;
        base64::engine::general_purpose::STANDARD
            .decode(shot.as_str().unwrap_or_default())
            .expect("a base64 screenshot")
    }

    /// Closes the window and the driver.
    pub async fn close(mut self) {
        self.call("DELETE", "", Value::Null).await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // A failed test leaves no driver (nor, with it, the browser) behind.
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
