# bash completion for qrcapture; generated from its option table.
_qrcapture_dequote() {  # word -> REPLY, as the shell will read it
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
_qrcapture_reply() {  # kind words-or-empty prefix value
  case "$1" in
    file) compopt -o filenames 2>/dev/null; _qrcapture_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -f -- "$REPLY") ;;
    directory) compopt -o filenames 2>/dev/null; _qrcapture_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -d -- "$REPLY") ;;
    words) mapfile -t COMPREPLY < <(compgen -W "$2" -- "$4") ;;
    *) COMPREPLY=() ;;
  esac
  if [[ -n "$3" ]]; then COMPREPLY=("${COMPREPLY[@]/#/$3}"); fi
}
_qrcapture_value() {  # option attached prefix value: 0 when the word is a value
  case "$1" in
    -d|--device)
      _qrcapture_reply file '' "$3" "$4" ;;
    -s|--size)
      COMPREPLY=() ;;
    -r|--fps)
      COMPREPLY=() ;;
    -p|--pixel-format)
      _qrcapture_reply words 'gray yuyv uyvy nv12 nv21 yuv420p yvu420p yuv422p yuv444p rgb24 bgr24' "$3" "$4" ;;
    -n|--count)
      COMPREPLY=() ;;
    --duration)
      COMPREPLY=() ;;
    --skip)
      COMPREPLY=() ;;
    --every)
      COMPREPLY=() ;;
    -o|--output)
      _qrcapture_reply words 'qrframe y4m pgm' "$3" "$4" ;;
    --max-pixels)
      COMPREPLY=() ;;
    --max-memory)
      COMPREPLY=() ;;
    --payloads)
      _qrcapture_reply file '' "$3" "$4" ;;
    --seed)
      COMPREPLY=() ;;
    --light)
      _qrcapture_reply words 'normal low glare' "$3" "$4" ;;
    --truth)
      _qrcapture_reply file '' "$3" "$4" ;;
    *) return 1 ;;
  esac
}
_qrcapture() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" before="" i
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  ((COMP_CWORD > 1)) && before="${COMP_WORDS[COMP_CWORD-2]}"
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ "${COMP_WORDS[i]}" == -- ]]; then
      _qrcapture_reply file '' '' "$cur"; return 0
    fi
  done
  if [[ "$cur" == = && "$prev" == --* ]]; then
    _qrcapture_value "$prev" = '' '' && return 0
  elif [[ "$prev" == = && "$before" == --* ]]; then
    _qrcapture_value "$before" = '' "$cur" && return 0
  elif [[ "$cur" == --*=* ]]; then
    _qrcapture_value "${cur%%=*}" = "${cur%%=*}=" "${cur#*=}" && return 0
  elif [[ "$prev" == -* ]]; then
    _qrcapture_value "$prev" '' '' "$cur" && return 0
  fi
  if [[ "$cur" == -* ]]; then
    _qrcapture_reply words '-d --device -s --size -r --fps -p --pixel-format -n --count --duration --skip --every --restamp -o --output --max-pixels --max-memory --simulate --payloads --seed --fast --light --truth --list-devices --list-formats -h --help -V --version' '' "$cur"
  else
    _qrcapture_reply file '' '' "$cur"
  fi
  return 0
}
complete -F _qrcapture qrcapture
