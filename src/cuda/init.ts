// `gpuenv cuda init <shell>`: a hook that applies the nearest .cuda-version when the directory changes,
// as nvm and pyenv do. The shell finds the file itself; gpuenv runs only when the file or its text changed.
import type { Shell } from './shell.js';

const BASH_LIKE_FIND = `  local d="$PWD" f="" v="" out=""
  while :; do
    if [ -f "$d/.cuda-version" ]; then f="$d/.cuda-version"; break; fi
    [ -z "$d" ] && break
    d="\${d%/*}"
  done
  [ -n "$f" ] && v="$f:$(<"$f")"
  [ "$v" = "\${_GPUENV_CUDA_APPLIED-}" ] && return 0
  _GPUENV_CUDA_APPLIED="$v"
  [ -n "$f" ] || return 0`;

export function initScript(shell: Shell): string {
  switch (shell) {
    case 'bash':
      return `# gpuenv cuda hook for bash: add  eval "$(gpuenv cuda init bash)"  to ~/.bashrc
_gpuenv_cuda_hook() {
${BASH_LIKE_FIND}
  out="$(command gpuenv cuda use --shell bash)" && eval "$out"
  return 0
}
case ";\${PROMPT_COMMAND-};" in
  *";_gpuenv_cuda_hook;"*) ;;
  *) PROMPT_COMMAND="_gpuenv_cuda_hook\${PROMPT_COMMAND:+;$PROMPT_COMMAND}" ;;
esac
_gpuenv_cuda_hook
`;
    case 'zsh':
      return `# gpuenv cuda hook for zsh: add  eval "$(gpuenv cuda init zsh)"  to ~/.zshrc
_gpuenv_cuda_hook() {
${BASH_LIKE_FIND}
  out="$(command gpuenv cuda use --shell zsh)" && eval "$out"
  return 0
}
autoload -Uz add-zsh-hook
add-zsh-hook chpwd _gpuenv_cuda_hook
_gpuenv_cuda_hook
`;
    case 'fish':
      return `# gpuenv cuda hook for fish: add  gpuenv cuda init fish | source  to ~/.config/fish/config.fish
function _gpuenv_cuda_hook --on-variable PWD
    set -l d $PWD
    set -l f ''
    while true
        if test -f "$d/.cuda-version"
            set f "$d/.cuda-version"
            break
        end
        if test -z "$d"
            break
        end
        set d (string replace -r '/[^/]*$' '' -- $d)
    end
    set -l v ''
    if test -n "$f"
        set v "$f:"(string collect < $f)
    end
    if test "$v" = "$_gpuenv_cuda_applied"
        return 0
    end
    set -g _gpuenv_cuda_applied "$v"
    test -n "$f"; or return 0
    command gpuenv cuda use --shell fish | source
end
_gpuenv_cuda_hook
`;
    case 'powershell':
      return `# gpuenv cuda hook for PowerShell: add  gpuenv cuda init powershell | Out-String | Invoke-Expression  to $PROFILE
function global:_GpuenvCudaHook {
  $d = (Get-Location).ProviderPath; $f = $null
  while ($d) {
    $c = Join-Path $d '.cuda-version'
    if (Test-Path -LiteralPath $c -PathType Leaf) { $f = $c; break }
    $d = Split-Path -Parent $d
  }
  $v = if ($f) { $f + ':' + (Get-Content -Raw -LiteralPath $f) } else { '' }
  if ($v -eq $global:_GpuenvCudaApplied) { return }
  $global:_GpuenvCudaApplied = $v
  if (-not $f) { return }
  $out = & gpuenv cuda use --shell powershell
  if ($LASTEXITCODE -eq 0 -and $out) { ($out -join [Environment]::NewLine) | Invoke-Expression }
}
if (-not $global:_GpuenvCudaPrompt) {
  $global:_GpuenvCudaPrompt = $function:prompt
  function global:prompt { _GpuenvCudaHook; & $global:_GpuenvCudaPrompt }
}
_GpuenvCudaHook
`;
  }
}
