# What the console says itself: its markers, and its refusals of lines it cannot read.

console-only-user-sees = (only { $user } sees this)
console-notice = [notice]
console-image = [image] { $path }
console-file = [file] { $path }
console-image-not-saved = [image not saved] cannot write { $path }: { $error }
console-file-not-saved = [file not saved] cannot write { $path }: { $error }
console-buttons = [buttons] { $labels }
console-error = error: { $error }
console-line-error = line { $number }: { $error }
console-line-too-long = the line is too long ({ $bytes } bytes; at most { $max }), skipped
console-line-not-utf8 = the line is not valid UTF-8 (bad byte at column { $column }), skipped
console-script-malformed = { $count ->
    [one] the script has 1 malformed line, so nothing was played:
   *[other] the script has { $count } malformed lines, so nothing was played:
}
console-no-user = expected `USER> COMMAND`, e.g. `alice> challenge bob avalanche`
console-bad-user = `{ $name }` is not a user name: use one word, e.g. `alice`
console-bad-room = `{ $name }` is not a room name: use one word, e.g. `alice@room2>`
console-long-name = `{ $name }` is too long for a name: at most { $max } characters
