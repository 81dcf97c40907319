# bash completion for qrcapture; generated from its option table.
_qrcapture() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    -d|--device)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    -s|--size)
      return ;;
    -r|--fps)
      return ;;
    -p|--pixel-format)
      COMPREPLY=($(compgen -W 'gray yuyv uyvy nv12 nv21 yuv420p yvu420p yuv422p yuv444p rgb24 bgr24' -- "$cur")); return ;;
    -n|--count)
      return ;;
    --duration)
      return ;;
    --skip)
      return ;;
    --every)
      return ;;
    -o|--output)
      COMPREPLY=($(compgen -W 'qrframe y4m pgm' -- "$cur")); return ;;
    --max-pixels)
      return ;;
    --payloads)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --seed)
      return ;;
    --truth)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W '-d --device -s --size -r --fps -p --pixel-format -n --count --duration --skip --every --restamp -o --output --max-pixels --simulate --payloads --seed --fast --truth --list-devices --list-formats -h --help -V --version' -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _qrcapture qrcapture
