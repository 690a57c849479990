//! What the processes on one database tell each other of games that changed, so a page
//! connected to one process follows a game played through another: after a write, a process
//! sends a `NOTIFY` on the schema's channel (`nadare:SCHEMA`, with `PROCESS GAME` as the
//! payload); each process keeps one connection of its own `LISTEN`ing, outside the pool, and
//! passes on what the others said. A lost connection is made again with a growing pause, and
//! whoever listens is then told that changes may have been missed.

use std::sync::Arc;
use std::time::Duration;

use domain::{GameId, Heard};
use tokio_postgres::{AsyncMessage, NoTls};

/// The longest pause between two attempts to listen again.
const MAX_PAUSE: Duration = Duration::from_secs(10);

/// One process's side of the changes told on a database.
#[derive(Clone)]
pub(super) struct Changes {
    /// How to connect (the pool's own settings).
    config: tokio_postgres::Config,
    /// The channel, named for the schema, so installs sharing a database do not mix.
    channel: String,
    /// This process, so it does not hear itself.
    me: Arc<str>,
}

impl Changes {
    /// The changes told on `schema` of the database `config` reaches.
    pub(super) fn new(config: tokio_postgres::Config, schema: String) -> Changes {
        let me = format!(
            "{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        );
        Changes {
            config,
            channel: format!("nadare:{schema}"),
            me: me.into(),
        }
    }

    /// The connection settings.
    pub(super) fn config(&self) -> &tokio_postgres::Config {
        &self.config
    }

    /// The channel and payload that tell the others `game` changed.
    pub(super) fn notice(&self, game: GameId) -> (String, String) {
        (self.channel.clone(), format!("{} {game}", self.me))
    }

    /// Listens from now on, passing what the other processes tell to `heard`.
    pub(super) fn listen(&self, heard: Heard) {
        let changes = self.clone();
        tokio::spawn(async move { changes.keep_listening(heard).await });
    }

    /// Listens, and listens again whenever the connection is lost.
    async fn keep_listening(self, heard: Heard) {
        let mut pause = Duration::from_millis(100);
        let mut first = true;
        loop {
            match self.listen_once(&heard, first).await {
                Ok(()) => pause = Duration::from_millis(100),
                Err(e) => {
                    tracing::warn!(error = %e, retry_in = ?pause, "not hearing other processes' changes");
                }
            }
            first = false;
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(MAX_PAUSE);
        }
    }

    /// One connection's listening, until it is lost. After the first, `heard` is told that
    /// changes may have been missed once it listens again.
    async fn listen_once(&self, heard: &Heard, first: bool) -> Result<(), tokio_postgres::Error> {
        let (client, mut connection) = self.config.connect(NoTls).await?;
        let (told, mut messages) = tokio::sync::mpsc::unbounded_channel();
        // The connection must be driven for the LISTEN to be answered, and to hear anything.
        let driving = tokio::spawn(async move {
            loop {
                match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                    Some(Ok(message)) => {
                        if told.send(Ok(message)).is_err() {
                            return;
                        }
                    }
                    Some(Err(e)) => {
                        let _ = told.send(Err(e));
                        return;
                    }
                    None => return,
                }
            }
        });
        let quoted = self.channel.replace('"', "\"\"");
        client
            .batch_execute(&format!("LISTEN \"{quoted}\""))
            .await?;
        if !first {
            heard(None);
        }
        while let Some(message) = messages.recv().await {
            match message {
                Ok(AsyncMessage::Notification(note)) => {
                    let Some((from, game)) = note.payload().split_once(' ') else {
                        continue;
                    };
                    if from != &*self.me
                        && let Ok(game) = game.parse()
                    {
                        heard(Some(game));
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    driving.abort();
                    return Err(e);
                }
            }
        }
        driving.abort();
        Ok(())
    }
}
