"""The chat's URLs: the API (under /api/) and the table's form and polling (under /games/)."""

from django.urls import path

from . import api, pages

api_urlpatterns = [
    path("games/<int:game_id>/chat", api.ChatView.as_view(), name="game-chat"),
    path("games/<int:game_id>/chat/settings", api.ChatSettingsView.as_view(), name="game-chat-settings"),
    path("chat/mutes", api.MutesView.as_view(), name="chat-mutes"),
    path("chat/mutes/<int:user_id>", api.MuteView.as_view(), name="chat-mute"),
]

web_urlpatterns = [
    path("games/<int:game_id>/chat", pages.post_message, name="chat-post"),
    path("games/<int:game_id>/chat/messages", pages.new_messages, name="chat-messages"),
    path("games/<int:game_id>/chat/settings", pages.chat_settings, name="chat-settings"),
    path("games/watch/<str:token>/chat", pages.watch_post_message, name="chat-watch-post"),
    path("games/watch/<str:token>/chat/messages", pages.watch_new_messages, name="chat-watch-messages"),
    path("chat/mute/<int:user_id>", pages.mute, name="chat-mute"),
]
