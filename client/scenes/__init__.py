"""The screens of the client, each a Scene on the app's SceneStack."""
