# bash completion for qrrender; generated from its option table.
_qrrender_dequote() {  # word -> REPLY, as the shell will read it
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
_qrrender_reply() {  # kind words-or-empty prefix value
  case "$1" in
    file) compopt -o filenames 2>/dev/null; _qrrender_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -f -- "$REPLY") ;;
    directory) compopt -o filenames 2>/dev/null; _qrrender_dequote "$4"
      mapfile -t COMPREPLY < <(compgen -d -- "$REPLY") ;;
    words) mapfile -t COMPREPLY < <(compgen -W "$2" -- "$4") ;;
    *) COMPREPLY=() ;;
  esac
  if [[ -n "$3" ]]; then COMPREPLY=("${COMPREPLY[@]/#/$3}"); fi
}
_qrrender_value() {  # option attached prefix value: 0 when the word is a value
  case "$1" in
    -f|--format)
      _qrrender_reply words 'pbm pbm-plain pgm ascii ascii-inverted utf8 utf8-inverted ansi ansi-utf8 svg png eps pdf xpm qrframe y4m' "$3" "$4" ;;
    -t|--type)
      _qrrender_reply words 'PNG PNG32 EPS SVG XPM ANSI ANSI256 ASCII ASCIIi UTF8 UTF8i ANSIUTF8 ANSI256UTF8' "$3" "$4" ;;
    -l|--level)
      _qrrender_reply words 'L M Q H' "$3" "$4" ;;
    -v|--symbol-version)
      COMPREPLY=() ;;
    --mask)
      COMPREPLY=() ;;
    -M|--micro)
      [[ -n "$2" ]] || return 1; _qrrender_reply words 'auto' "$3" "$4" ;;
    --charset)
      _qrrender_reply words 'utf-8 iso-8859-1 shift_jis' "$3" "$4" ;;
    --split)
      COMPREPLY=() ;;
    -s|--scale)
      COMPREPLY=() ;;
    -m|--margin)
      COMPREPLY=() ;;
    -d|--dpi)
      COMPREPLY=() ;;
    --dark)
      COMPREPLY=() ;;
    --light)
      COMPREPLY=() ;;
    --foreground)
      COMPREPLY=() ;;
    --background)
      COMPREPLY=() ;;
    --size)
      COMPREPLY=() ;;
    --symversion)
      COMPREPLY=() ;;
    --read-from)
      _qrrender_reply file '' "$3" "$4" ;;
    --frame-size)
      COMPREPLY=() ;;
    -j|--jobs)
      COMPREPLY=() ;;
    -r|--file)
      _qrrender_reply file '' "$3" "$4" ;;
    --wifi)
      COMPREPLY=() ;;
    --password)
      COMPREPLY=() ;;
    --security)
      _qrrender_reply words 'WPA WEP nopass' "$3" "$4" ;;
    --mecard)
      COMPREPLY=() ;;
    --vcard)
      COMPREPLY=() ;;
    --tel)
      COMPREPLY=() ;;
    --email)
      COMPREPLY=() ;;
    --url)
      COMPREPLY=() ;;
    --mailto)
      COMPREPLY=() ;;
    --subject)
      COMPREPLY=() ;;
    --body)
      COMPREPLY=() ;;
    --sms)
      COMPREPLY=() ;;
    --geo)
      COMPREPLY=() ;;
    -o|--output)
      _qrrender_reply file '' "$3" "$4" ;;
    --output-dir)
      _qrrender_reply directory '' "$3" "$4" ;;
    *) return 1 ;;
  esac
}
_qrrender() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" before="" i
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  ((COMP_CWORD > 1)) && before="${COMP_WORDS[COMP_CWORD-2]}"
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ "${COMP_WORDS[i]}" == -- ]]; then
      _qrrender_reply none '' '' "$cur"; return 0
    fi
  done
  if [[ "$cur" == = && "$prev" == --* ]]; then
    _qrrender_value "$prev" = '' '' && return 0
  elif [[ "$prev" == = && "$before" == --* ]]; then
    _qrrender_value "$before" = '' "$cur" && return 0
  elif [[ "$cur" == --*=* ]]; then
    _qrrender_value "${cur%%=*}" = "${cur%%=*}=" "${cur#*=}" && return 0
  elif [[ "$prev" == -* ]]; then
    _qrrender_value "$prev" '' '' "$cur" && return 0
  fi
  if [[ "$cur" == -* ]]; then
    _qrrender_reply words '-f --format -t --type -l --level -v --symbol-version --strict-version -S --structured -8 --8bit -i --ignorecase -c --casesensitive --verbose --mask --boost -M --micro --eci -k --kanji --charset --gs1 --split -s --scale -m --margin -d --dpi --invert --dark --light --foreground --background --size --symversion --read-from --lines --frame-size -j --jobs --verify --grade --json -r --file --wifi --password --security --hidden --mecard --vcard --tel --email --url --mailto --subject --body --sms --geo -o --output --output-dir -h --help -V --version' '' "$cur"
  else
    _qrrender_reply none '' '' "$cur"
  fi
  return 0
}
complete -F _qrrender qrrender
