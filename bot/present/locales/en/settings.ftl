# A server's settings, changed by its admins.

## The server's language for public messages

server-language-en = English
server-language-ja = Japanese (日本語)
server-language-set = Public messages in this server are now in { $language }.
server-language-cleared = Public messages in this server now follow its Discord language.
server-language-no-server = Only a server has a language setting; here each user's own language is used.
