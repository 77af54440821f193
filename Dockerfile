# The bot as a container: built with cargo, run on a slim Debian as a non-root user.
#   docker build -t crystal-clans .
#   docker run --env-file .env -v crystal-clans-data:/data crystal-clans
# With PostgreSQL instead of the SQLite file: compose.yaml.

# ---- build ---------------------------------------------------------------------------
# The Rust image carries gcc and the C library headers that the bundled SQLite and ring
# compile with; no OpenSSL is needed (TLS is rustls everywhere).
FROM rust:1.88-slim-bookworm AS build
WORKDIR /src
# The workspace's manifests and lockfile, then the crates the bot links (the root
# package and crates/engine, ai, i18n, render, store, crystallo, rng, each with the
# data it embeds in its own assets/), and the migrations. The test kit is a workspace
# member the bot never links: Cargo needs its manifest to read the workspace and check
# the lockfile, not its code, so it gets empty source files. tests/it/dockerfile.rs checks this list against `cargo metadata`.
COPY Cargo.toml Cargo.lock ./
COPY src src
COPY crates/engine crates/engine
COPY crates/ai crates/ai
COPY crates/i18n crates/i18n
COPY crates/render crates/render
COPY crates/store crates/store
# Crystallo's rules: the images draw its cavern.
COPY crates/crystallo crates/crystallo
# The draw and shuffle both games' rules replay with.
COPY crates/rng crates/rng
COPY crates/testkit/Cargo.toml crates/testkit/Cargo.toml
RUN mkdir crates/testkit/src && touch crates/testkit/src/lib.rs crates/testkit/src/main.rs
COPY migrations migrations
RUN cargo build --release --locked --package crystal-clans --bin crystal-clans \
    && cp target/release/crystal-clans /usr/local/bin/crystal-clans

# ---- run -----------------------------------------------------------------------------
FROM debian:bookworm-slim
# TLS trusts the web CA roots built into the binary, so no ca-certificates package; a
# private database CA is a mounted file named by sslrootcert= in DATABASE_URL.
COPY --from=build /usr/local/bin/crystal-clans /usr/local/bin/crystal-clans
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home clans \
    && mkdir /data && chown clans:clans /data
USER 10001:10001
WORKDIR /data
# The SQLite file (and its -wal and -shm companions) lives on this volume; with
# PostgreSQL it stays empty.
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:///data/crystal-clans.db \
    RUST_LOG_FORMAT=text
# The store answers and its schema is current (exit 1 otherwise); reads only.
HEALTHCHECK --interval=60s --timeout=10s --start-period=30s --retries=3 \
    CMD ["crystal-clans", "status"]
# SIGTERM (docker stop) finishes the interactions in flight; give it compose.yaml's
# stop_grace_period (30 s) or `docker stop -t 30`.
STOPSIGNAL SIGTERM
ENTRYPOINT ["crystal-clans"]
CMD ["serve"]
