# bash completion for qrdedupe; generated from its option table.
_qrdedupe_dequote() {  # word -> REPLY, as the shell will read it
  local word=$1 quote='' c i
  REPLY=''
  for ((i = 0; i < ${#word}; i++)); do
    c=${word:i:1}
    if [[ -n $quote && $c == "$quote" ]]; then quote=''
    elif [[ $quote != "'" && $c == '\' ]]; then i=$((i + 1)); REPLY+=${word:i:1}
    elif [[ -z $quote && ($c == "'" || $c == '"') ]]; then quote=$c
    else REPLY+=$c
    fi
  done
}
_qrdedupe_reply() {  # kind words-or-empty prefix value
  case "$1" in
    file) compopt -o filenames 2>/dev/null; _qrdedupe_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -f -- "$REPLY") ;;
    directory) compopt -o filenames 2>/dev/null; _qrdedupe_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -d -- "$REPLY") ;;
    words) mapfile -t COMPREPLY < <(compgen -W "$2" -- "$4") ;;
    *) COMPREPLY=() ;;
  esac
  if [[ -n "$3" ]]; then COMPREPLY=("${COMPREPLY[@]/#/$3}"); fi
}
_qrdedupe_value() {  # option attached prefix value: 0 when the word is a value
  case "$1" in
    -m|--mode)
      _qrdedupe_reply words 'interval rearm global once' "$3" "$4" ;;
    -i|--interval)
      COMPREPLY=() ;;
    -k|--key)
      COMPREPLY=() ;;
    -n|--count)
      COMPREPLY=() ;;
    --confirm)
      COMPREPLY=() ;;
    --move)
      COMPREPLY=() ;;
    --linger)
      COMPREPLY=() ;;
    --clock)
      _qrdedupe_reply words 'record wall' "$3" "$4" ;;
    --max-keys)
      COMPREPLY=() ;;
    --max-memory)
      COMPREPLY=() ;;
    --max-time-jump)
      COMPREPLY=() ;;
    --max-line-length)
      COMPREPLY=() ;;
    *) return 1 ;;
  esac
}
_qrdedupe() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" before="" i
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  ((COMP_CWORD > 1)) && before="${COMP_WORDS[COMP_CWORD-2]}"
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ "${COMP_WORDS[i]}" == -- ]]; then
      _qrdedupe_reply file '' '' "$cur"; return 0
    fi
  done
  if [[ "$cur" == = && "$prev" == --* ]]; then
    _qrdedupe_value "$prev" = '' '' && return 0
  elif [[ "$prev" == = && "$before" == --* ]]; then
    _qrdedupe_value "$before" = '' "$cur" && return 0
  elif [[ "$cur" == --*=* ]]; then
    _qrdedupe_value "${cur%%=*}" = "${cur%%=*}=" "${cur#*=}" && return 0
  elif [[ "$prev" == -* ]]; then
    _qrdedupe_value "$prev" '' '' "$cur" && return 0
  fi
  if [[ "$cur" == -* ]]; then
    _qrdedupe_reply words '-m --mode -i --interval -k --key -n --count --confirm -e --events --move --linger -a --assemble --clock --max-keys --max-memory --max-time-jump --summary --strict --max-line-length -h --help -V --version' '' "$cur"
  else
    _qrdedupe_reply file '' '' "$cur"
  fi
  return 0
}
complete -F _qrdedupe qrdedupe
