# syntax=docker/dockerfile:1
# nadare: build with the Rust toolchain, run from a small Debian image as a non-root user.
#
#   docker build -t nadare .
#   docker run -d --name nadare -e DISCORD_TOKEN=... -v nadare-data:/data nadare
#
# The database lives in the /data volume. A config file can be mounted as /data/nadare.toml;
# NADARE_* environment variables override it (see config.example.toml).

# Any recent stable toolchain (edition 2024; the workspace needs 1.90 or newer).
FROM rust:1-slim-bookworm AS chef
RUN cargo install cargo-chef --locked
WORKDIR /src
# The shipped binary carries no debug info (about 20 MB instead of 125 MB); the same profile
# settings apply to the dependency layer and the final build, so the layer is reused.
ENV CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_STRIP=symbols

# The dependency recipe: changes only when Cargo.toml or Cargo.lock files change.
FROM chef AS planner
COPY . .
RUN cargo chef prepare --recipe-path recipe.json

FROM chef AS build
COPY --from=planner /src/recipe.json recipe.json
# The compiler flags too, so that the dependency layer is built as the final build expects.
COPY .cargo .cargo
# Dependencies in their own layer: a change to nadare's sources rebuilds only nadare.
RUN cargo chef cook --release --locked -p nadare --bin nadare --recipe-path recipe.json
COPY . .
RUN cargo build --release --locked -p nadare --bin nadare \
    && cp target/release/nadare /usr/local/bin/nadare

FROM debian:bookworm-slim
# TLS roots are compiled in (rustls + webpki-roots); no OpenSSL or CA bundle is needed.
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin nadare \
    && mkdir -p /data \
    && chown nadare:nadare /data
COPY --from=build /usr/local/bin/nadare /usr/local/bin/nadare
USER nadare
WORKDIR /data
# RUST_LOG as the code's own default: nadare's info, other crates' warnings.
ENV NADARE_DATABASE=/data/nadare.db \
    RUST_LOG=warn,nadare=info,service=info,storage=info,present=info,discord=info,console=info
VOLUME ["/data"]
# nadare handles SIGTERM itself: it stops taking commands, lets those in flight finish for up
# to 8 seconds and closes the database cleanly, within `docker stop`'s default 10 seconds.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/nadare"]
CMD ["run"]
