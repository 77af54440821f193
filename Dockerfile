# The bot as a container: built with cargo, run on a slim Debian as a non-root user.
#   docker build -t crystal-clans .
#   docker run --env-file .env -v crystal-clans-data:/data crystal-clans
# With PostgreSQL instead of the SQLite file: compose.yaml.

# ---- build ---------------------------------------------------------------------------
# The Rust image carries gcc and the C library headers that the bundled SQLite and ring
# compile with; no OpenSSL is needed (TLS is rustls everywhere).
FROM rust:1.88-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock build.rs ./
COPY src src
COPY assets assets
COPY migrations migrations
# The build needs only what the crate embeds (assets, migrations); tests and docs stay out.
RUN cargo build --release --locked --bin crystal-clans \
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
