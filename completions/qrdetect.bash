# bash completion for qrdetect; generated from its option table.
_qrdetect() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    -p|--print)
      COMPREPLY=($(compgen -W 'json text' -- "$cur")); return ;;
    -n|--count)
      return ;;
    -m|--max-symbols)
      return ;;
    -r|--region)
      return ;;
    -e|--effort)
      COMPREPLY=($(compgen -W 'fast balanced accurate' -- "$cur")); return ;;
    -j|--jobs)
      return ;;
    -s|--size)
      return ;;
    --max-pixels)
      return ;;
    --json-output)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --json-fd)
      return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W '-p --print -0 --null --raw -b --bytes -n --count -m --max-symbols -r --region -e --effort -j --jobs -s --size --max-pixels --annotate --annotate-text --json-output --json-fd -h --help -V --version' -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _qrdetect qrdetect
