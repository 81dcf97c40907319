# fish completion for qrrender; generated from its option table.
complete -c qrrender -s h -l help -d 'show this help and exit'
complete -c qrrender -s V -l version -d 'print the version and exit'
