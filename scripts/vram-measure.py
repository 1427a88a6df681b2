# Measures torch.cuda.max_memory_allocated() for small models built from config (no downloads), for docs/benchmarks.md.
import json, sys, time, torch
res = {"torch": torch.__version__, "gpu": torch.cuda.get_device_name(0), "cases": []}
free0, total = torch.cuda.mem_get_info()
torch.ones(1, device="cuda"); a = torch.randn(1024, 1024, device="cuda"); (a @ a).sum().item()
free1, _ = torch.cuda.mem_get_info()
res["context_bytes_outside_allocator"] = (free0 - free1) - torch.cuda.memory_reserved()
del a
def train_case(name, build, make_batch, amp, steps=2, ckpt=False):
    torch.cuda.empty_cache(); torch.cuda.reset_peak_memory_stats()
    model = build().cuda()
    if ckpt: model.gradient_checkpointing_enable()
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    params = sum(p.numel() for p in model.parameters())
    for i in range(steps):
        if i == steps - 1: torch.cuda.synchronize(); torch.cuda.reset_peak_memory_stats()
        x = make_batch()
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=amp):
            out = model(**x) if isinstance(x, dict) else model(x)
            loss = out.loss if hasattr(out, "loss") else out.float().logsumexp(-1).mean()
        loss.backward(); opt.step(); opt.zero_grad(set_to_none=True)
        del out, loss
    torch.cuda.synchronize()
    r = {"name": name, "params": params, "max_allocated": torch.cuda.max_memory_allocated(), "max_reserved": torch.cuda.max_memory_reserved()}
    res["cases"].append(r); print(json.dumps(r), flush=True)
    del model, opt
try:
    import transformers
    from transformers import GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM
    res["transformers"] = transformers.__version__
    ids = lambda b, s, v: (lambda: {"input_ids": (t := torch.randint(0, v, (b, s), device="cuda")), "labels": t})
    g = lambda act: (lambda: GPT2LMHeadModel(GPT2Config(activation_function=act, attn_implementation="sdpa")))
    train_case("gpt2 fp32 adamw b8 s1024 (gelu_pytorch_tanh)", g("gelu_pytorch_tanh"), ids(8, 1024, 50257), False)
    train_case("gpt2 bf16-amp adamw b8 s1024 (gelu_pytorch_tanh)", g("gelu_pytorch_tanh"), ids(8, 1024, 50257), True)
    train_case("gpt2 bf16-amp adamw b8 s1024 (stock gelu_new)", g("gelu_new"), ids(8, 1024, 50257), True)
    lc = lambda: LlamaConfig(hidden_size=1024, num_hidden_layers=16, num_attention_heads=16, num_key_value_heads=4, intermediate_size=2816, vocab_size=32000, max_position_embeddings=4096, tie_word_embeddings=False, attn_implementation="sdpa")
    train_case("llama-like bf16-amp adamw b4 s2048", lambda: LlamaForCausalLM(lc()), ids(4, 2048, 32000), True)
    train_case("llama-like bf16-amp adamw b4 s2048 checkpointing", lambda: LlamaForCausalLM(lc()), ids(4, 2048, 32000), True, ckpt=True)
    torch.cuda.empty_cache(); torch.cuda.reset_peak_memory_stats()
    m = LlamaForCausalLM(lc()).to("cuda", torch.bfloat16).eval()
    x = torch.randint(0, 32000, (32, 2048), device="cuda")
    with torch.inference_mode():
        m.generate(x, attention_mask=torch.ones_like(x), max_new_tokens=8, min_new_tokens=8, do_sample=False, pad_token_id=0)
    r = {"name": "llama-like bf16 inference b32 prompt 2048 + 8 new (generate, KV cache)", "params": sum(p.numel() for p in m.parameters()), "max_allocated": torch.cuda.max_memory_allocated(), "max_reserved": torch.cuda.max_memory_reserved()}
    res["cases"].append(r); print(json.dumps(r), flush=True); del m
except Exception as e:
    res["transformers_error"] = repr(e); print(repr(e), flush=True)
try:
    import torchvision
    train_case("resnet50 fp32 adamw b64 224", lambda: torchvision.models.resnet50(), lambda: torch.randn(64, 3, 224, 224, device="cuda"), False)
except Exception as e:
    res["torchvision_error"] = repr(e); print(repr(e), flush=True)
json.dump(res, open(sys.argv[1], "w"), indent=1)
