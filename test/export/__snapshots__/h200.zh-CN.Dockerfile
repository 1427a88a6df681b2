# syntax=docker/dockerfile:1
# 由 gpuenv 0.1.0 于 2026-11-30 生成（dockerfile）；重新生成：gpuenv export dockerfile --lang zh-CN
# 来源：环境 /opt/torch/.venv（venv，Python 3.12.3），主机 h200，快照采集于 <time>
# 软件栈：Python 3.12；CUDA 13.0 构建（PyTorch 索引 https://download.pytorch.org/whl/cu130）；GPU sm_90；源机器驱动 580.159.04
# 构建：docker build -t torch-venv .   运行：docker run --rm -it --gpus all torch-venv
#
# 基础镜像 nvidia/cuda:13.0.3-runtime-ubuntu24.04：
#   - CUDA 13.0.3：CUDA 13.0 最新的补丁版本（NVIDIA 只维护每个小版本的最新补丁版本），与 13.0 的 wheel 一致
#   - 目标驱动支持 CUDA ≤ 13.0（驱动 580.159.04）
#   - runtime：cupy-cuda13x 加载镜像里的 CUDA 库；不需要编译，所以不用 devel
#   - 不用 cudnn 变体：wheel 自带 cuDNN（nvidia-cudnn-*），或不使用 cuDNN
#   停止维护（EOL）的 CUDA 版本，其镜像标签会在 EOL 6 个月后被删除：长期使用的构建请固定 digest
#   （docker buildx imagetools inspect nvidia/cuda:13.0.3-runtime-ubuntu24.04），并把镜像同步到自己的镜像仓库。
FROM nvidia/cuda:13.0.3-runtime-ubuntu24.04

ENV DEBIAN_FRONTEND=noninteractive \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# Python 3.12 即 ubuntu24.04 自带的 python3。
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3.12 python3.12-venv ca-certificates \
 && rm -rf /var/lib/apt/lists/*

# venv 和缓存目录归非 root 用户所有（ubuntu24.04 镜像已自带 uid 为 1000 的 "ubuntu" 用户）。
ARG USER_UID=1000
RUN (userdel --remove ubuntu 2>/dev/null || true) \
 && useradd --create-home --uid ${USER_UID} --shell /bin/bash app \
 && python3.12 -m venv /opt/venv \
 && mkdir -p /home/app/.cache/huggingface /home/app/.cache/pip \
 && chown -R app:app /opt/venv /home/app/.cache
ENV VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH \
    HF_HOME=/home/app/.cache/huggingface
USER app
WORKDIR /home/app

# CUDA 构建只从其专属索引安装（cu130）；它们的依赖也来自同一索引。
RUN pip install --no-cache-dir --index-url https://download.pytorch.org/whl/cu130 \
      torch==2.11.0+cu130 \
      torchvision==0.26.0+cu130 \
      torchaudio==2.11.0+cu130

# 其余软件包从 PyPI 安装，版本与源环境一致。
RUN pip install --no-cache-dir \
      cupy-cuda13x==14.2.0 \
      jax==0.11.2 \
      jax-cuda13-pjrt==0.11.2 \
      jax-cuda13-plugin==0.11.2 \
      jaxlib==0.11.2 \
      nvidia-cublas==13.1.0.3 \
      nvidia-cuda-cupti==13.0.85 \
      nvidia-cuda-nvrtc==13.0.88 \
      nvidia-cuda-runtime==13.0.96 \
      nvidia-cudnn-cu13==9.19.0.56 \
      nvidia-cufft==12.0.0.61 \
      nvidia-cufile==1.15.1.6 \
      nvidia-curand==10.4.0.35 \
      nvidia-cusolver==12.0.4.66 \
      nvidia-cusparse==12.6.3.3 \
      nvidia-cusparselt-cu13==0.8.0 \
      nvidia-ml-py==13.610.43 \
      nvidia-nccl-cu13==2.28.9 \
      nvidia-nvjitlink==13.0.88 \
      nvidia-nvshmem-cu13==3.4.5 \
      nvidia-nvtx==13.0.85 \
      triton==3.6.0

# 框架或其 CUDA 构建与锁定版本不一致时，构建失败（不需要 GPU）。
RUN python -c "import torch; assert torch.version.cuda == '13.0', torch.version.cuda; print('torch', torch.__version__, 'CUDA', torch.version.cuda)"

# 在运行中的容器里检查：框架无法使用 GPU 时（驱动、--gpus、device plugin）标为 unhealthy。
HEALTHCHECK --interval=5m --timeout=60s --start-period=30s --retries=3 \
  CMD python -c "import sys, torch; sys.exit(0 if torch.cuda.is_available() and torch.ones(1, device='cuda').item() == 1 else 1)" || exit 1

CMD ["bash"]
