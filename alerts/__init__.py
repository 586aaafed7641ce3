"""Notices beyond email: browser push notifications (Web Push with VAPID) and webhooks (Discord, Slack, or
JSON signed with HMAC-SHA256), written as rows of the notifications outbox and sent by its senders."""
