# Lóra for Discord — a slim image that runs the bot as a non-root user.
# Build: docker build -t lora-bot .
# Run:   docker run -d --name lora -e DISCORD_TOKEN=... -v lora-data:/app/data lora-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    LORA_DB=/app/data/lora.sqlite3

WORKDIR /app
# A CJK font: the pictures draw Chinese/Japanese/Korean player names with it (bot/render/fonts.py).
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --create-home --uid 10001 lora

COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cards_art ./cards_art
RUN pip install . && mkdir -p /app/data && chown -R lora:lora /app/data

USER lora
VOLUME ["/app/data"]

# Healthy while the bot is connected to Discord (it refreshes a heartbeat file).
HEALTHCHECK --interval=60s --timeout=10s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot.health"]

CMD ["python", "-m", "bot"]
