# bash completion for qrrender; generated from its option table.
_qrrender() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W '-h --help -V --version' -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _qrrender qrrender
