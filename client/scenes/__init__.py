"""The screens of the client, each a Scene on the app's SceneStack, registered here by id: the one
place that lists them. Scenes start each other by id (``app.stack.open("pause", session)``), so no
scene imports another and the app imports none; a scene's module is loaded the first time it is
opened. Game tables are looked up by game in :mod:`client.tables`."""

SCENES = {
    "title": "soupkitchen.client.scenes.title:TitleScene",
    "setup": "soupkitchen.client.scenes.setup:GameSetupScene",
    "join": "soupkitchen.client.scenes.join:JoinScene",
    "tables": "soupkitchen.client.scenes.join:TablesScene",
    "lobby": "soupkitchen.client.scenes.lobby:LobbyScene",
    "handoff": "soupkitchen.client.scenes.handoff:HandoffScene",
    "pause": "soupkitchen.client.scenes.menus:PauseMenu",
    "results": "soupkitchen.client.scenes.results:ResultsScene",
    "settings": "soupkitchen.client.scenes.menus:SettingsScene",
    "accessibility": "soupkitchen.client.access.settings_scene:AccessibilitySettings",
    "replays": "soupkitchen.client.scenes.replays:ReplaysScene",
    "replay": "soupkitchen.client.scenes.replays:ReplayScene",
    "howto": "soupkitchen.client.howto.scene:HowToPlayScene",
    "keyboard": "soupkitchen.client.scenes.keyboard:OnScreenKeyboard",
    "busy": "soupkitchen.client.scenes.common:BusyScene",
    "message": "soupkitchen.client.scenes.common:MessageDialog",
    "text": "soupkitchen.client.scenes.common:TextDialog",
}
