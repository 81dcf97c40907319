# fish completion for qrdetect; generated from its option table.
complete -c qrdetect -s h -l help -d 'show this help and exit'
complete -c qrdetect -s V -l version -d 'print the version and exit'
