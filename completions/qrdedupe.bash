# bash completion for qrdedupe; generated from its option table.
_qrdedupe() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    -m|--mode)
      COMPREPLY=($(compgen -W 'interval rearm global once' -- "$cur")); return ;;
    -i|--interval)
      return ;;
    -k|--key)
      return ;;
    -n|--count)
      return ;;
    --confirm)
      return ;;
    --move)
      return ;;
    --linger)
      return ;;
    --clock)
      COMPREPLY=($(compgen -W 'record wall' -- "$cur")); return ;;
    --max-keys)
      return ;;
    --max-memory)
      return ;;
    --max-time-jump)
      return ;;
    --max-line-length)
      return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W '-m --mode -i --interval -k --key -n --count --confirm -e --events --move --linger -a --assemble --clock --max-keys --max-memory --max-time-jump --summary --strict --max-line-length -h --help -V --version' -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _qrdedupe qrdedupe
