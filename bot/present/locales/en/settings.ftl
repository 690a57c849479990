# A server's settings, changed by its admins.

## The server's language for public messages

server-language-en = English
server-language-ja = Japanese (日本語)
server-language-set = Public messages in this server are now in { $language }.
server-language-cleared = Public messages in this server now follow its Discord language.
server-no-server = Only a server has a language setting; here each user's own language is used.

## Players' pictures in the name bars of the server's boards

server-avatars-on = Boards in this server now show the players' pictures in their name bars.
server-avatars-off = Boards in this server now show icons instead of the players' pictures.
server-avatars-no-server = Only a server has this setting; outside servers boards show the players' pictures unless the bot's operator turned them off.
