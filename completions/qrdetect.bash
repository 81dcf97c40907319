# bash completion for qrdetect; generated from its option table.
_qrdetect_dequote() {  # word -> REPLY, as the shell will read it
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
_qrdetect_reply() {  # kind words-or-empty prefix value
  case "$1" in
    file) compopt -o filenames 2>/dev/null; _qrdetect_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -f -- "$REPLY") ;;
    directory) compopt -o filenames 2>/dev/null; _qrdetect_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -d -- "$REPLY") ;;
    words) mapfile -t COMPREPLY < <(compgen -W "$2" -- "$4") ;;
    *) COMPREPLY=() ;;
  esac
  if [[ -n "$3" ]]; then COMPREPLY=("${COMPREPLY[@]/#/$3}"); fi
}
_qrdetect_value() {  # option attached prefix value: 0 when the word is a value
  case "$1" in
    -p|--print)
      _qrdetect_reply words 'json text raw' "$3" "$4" ;;
    --grade-aperture)
      COMPREPLY=() ;;
    -n|--count)
      COMPREPLY=() ;;
    -m|--max-symbols)
      COMPREPLY=() ;;
    -r|--region)
      COMPREPLY=() ;;
    -e|--effort)
      _qrdetect_reply words 'fast balanced accurate' "$3" "$4" ;;
    --symbology)
      _qrdetect_reply words 'qr microqr qr,microqr' "$3" "$4" ;;
    -j|--jobs)
      COMPREPLY=() ;;
    --search-every)
      COMPREPLY=() ;;
    --combine)
      COMPREPLY=() ;;
    -s|--size)
      COMPREPLY=() ;;
    --max-pixels)
      COMPREPLY=() ;;
    --max-memory)
      COMPREPLY=() ;;
    --annotate)
      [[ -n "$2" ]] || return 1; _qrdetect_reply file '' "$3" "$4" ;;
    --json-output)
      _qrdetect_reply file '' "$3" "$4" ;;
    --json-fd)
      COMPREPLY=() ;;
    --files-from)
      _qrdetect_reply file '' "$3" "$4" ;;
    --source-name)
      COMPREPLY=() ;;
    *) return 1 ;;
  esac
}
_qrdetect() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" before="" i
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  ((COMP_CWORD > 1)) && before="${COMP_WORDS[COMP_CWORD-2]}"
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ "${COMP_WORDS[i]}" == -- ]]; then
      _qrdetect_reply file '' '' "$cur"; return 0
    fi
  done
  if [[ "$cur" == = && "$prev" == --* ]]; then
    _qrdetect_value "$prev" = '' '' && return 0
  elif [[ "$prev" == = && "$before" == --* ]]; then
    _qrdetect_value "$before" = '' "$cur" && return 0
  elif [[ "$cur" == --*=* ]]; then
    _qrdetect_value "${cur%%=*}" = "${cur%%=*}=" "${cur#*=}" && return 0
  elif [[ "$prev" == -* ]]; then
    _qrdetect_value "$prev" '' '' "$cur" && return 0
  fi
  if [[ "$cur" == -* ]]; then
    _qrdetect_reply words '-p --print -0 --null --raw -q --quiet -1 --oneshot -b --bytes -g --grade --grade-aperture -n --count -m --max-symbols -r --region -e --effort --symbology -j --jobs --search-every --combine --no-track -s --size --max-pixels --max-memory --annotate --annotate-text --json-output --json-fd --files-from --progress --source-name --summary --misses --miss-status -h --help -V --version' '' "$cur"
  else
    _qrdetect_reply file '' '' "$cur"
  fi
  return 0
}
complete -F _qrdetect qrdetect
