# bash completion for qrrender; generated from its option table.
_qrrender() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    -f|--format)
      COMPREPLY=($(compgen -W 'pbm pbm-plain pgm ascii ascii-inverted utf8 utf8-inverted ansi ansi-utf8 svg png eps pdf xpm qrframe y4m' -- "$cur")); return ;;
    -t|--type)
      COMPREPLY=($(compgen -W 'PNG PNG32 EPS SVG XPM ANSI ANSI256 ASCII ASCIIi UTF8 UTF8i ANSIUTF8 ANSI256UTF8' -- "$cur")); return ;;
    -l|--level)
      COMPREPLY=($(compgen -W 'L M Q H' -- "$cur")); return ;;
    -v|--symbol-version)
      return ;;
    --mask)
      return ;;
    --charset)
      COMPREPLY=($(compgen -W 'utf-8 iso-8859-1 shift_jis' -- "$cur")); return ;;
    --split)
      return ;;
    -s|--scale)
      return ;;
    -m|--margin)
      return ;;
    -d|--dpi)
      return ;;
    --dark)
      return ;;
    --light)
      return ;;
    --foreground)
      return ;;
    --background)
      return ;;
    --frame-size)
      return ;;
    -r|--file)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --wifi)
      return ;;
    --password)
      return ;;
    --security)
      COMPREPLY=($(compgen -W 'WPA WEP nopass' -- "$cur")); return ;;
    --mecard)
      return ;;
    --vcard)
      return ;;
    --tel)
      return ;;
    --email)
      return ;;
    --url)
      return ;;
    --mailto)
      return ;;
    --subject)
      return ;;
    --body)
      return ;;
    --sms)
      return ;;
    --geo)
      return ;;
    -o|--output)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --output-dir)
      COMPREPLY=($(compgen -d -- "$cur")); return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W '-f --format -t --type -l --level -v --symbol-version --mask --boost -M --micro --eci --charset --gs1 --split -s --scale -m --margin -d --dpi --invert --dark --light --foreground --background --lines --frame-size --verify --json -r --file --wifi --password --security --hidden --mecard --vcard --tel --email --url --mailto --subject --body --sms --geo -o --output --output-dir -h --help -V --version' -- "$cur"))
  else
    COMPREPLY=()
  fi
}
complete -o filenames -F _qrrender qrrender
