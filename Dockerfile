# syntax=docker/dockerfile:1
# nadare: build with the Rust toolchain, run from a small Debian image as a non-root user.
#
#   docker build -t nadare .
#   docker run -d --name nadare -e DISCORD_TOKEN=... -v nadare-data:/data nadare
#
# The database lives in the /data volume. A config file can be mounted as /data/nadare.toml;
# NADARE_* environment variables override it (see config.example.toml).

# Any recent stable toolchain (edition 2024; the workspace needs 1.90 or newer).
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
# The registry and target caches speed up rebuilds; the binary is copied out of the cache.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p nadare-bot --bin nadare \
    && cp target/release/nadare /usr/local/bin/nadare

FROM debian:bookworm-slim
# TLS roots are compiled in (rustls + webpki-roots); no OpenSSL or CA bundle is needed.
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin nadare \
    && mkdir -p /data \
    && chown nadare:nadare /data
COPY --from=build /usr/local/bin/nadare /usr/local/bin/nadare
USER nadare
WORKDIR /data
ENV NADARE_DATABASE=/data/nadare.db \
    RUST_LOG=info
VOLUME ["/data"]
# nadare handles SIGTERM itself: `docker stop` lets commands in flight finish and closes the
# database cleanly (give it time with --stop-timeout if games are busy).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/nadare"]
CMD ["run"]
