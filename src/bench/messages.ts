// Sentences of benchmark findings, English and Simplified Chinese.
import { defineMessages } from '../i18n/index.js';

export const m = defineMessages({
  en: {
    pcieLowTitle: 'GPU {index} ({name}): host↔device copies reach {got} GB/s, {pct}% of the {expected} GB/s a {link} link gives',
    pcieLowCause: 'Pinned copies measured with CUDA events are below what the link should carry. Under load NVML saw the link at {seen}. A lower generation or width than the maximum means a slot, riser or BIOS setting; a full link with low bandwidth points at the IOMMU, NUMA placement (GPU far from the memory) or a PCIe switch shared with other devices.',
    pcieLinkTitle: 'GPU {index} ({name}): under load the PCIe link ran at {seen}, below its maximum {max}',
    pcieLinkCause: 'NVML read the link while copies were running, so this is not power saving: the link trained below what the GPU and slot support.',
    pcieFixInspect: '# check the link while a copy runs, and the slot it sits in',
    pcieFixReseat: '# reseat the GPU or riser, use a x16 slot wired to the CPU, set the slot to its top generation in the BIOS',
    thrTitle: 'GPU {index} ({name}) was throttled during the benchmark: {reasons}',
    thrCause: 'NVML clock event reasons during the run: {reasons} in {share}% of {count} samples; SM clock median {sm} MHz of max {max} MHz.',
    thrPowerInfo: 'GPU {index} ({name}) ran at its power limit during the benchmark (sw_power_cap)',
    thrPowerCause: 'A heavy GEMM reaching the board power limit is normal; GEMM rates still reached {pct}% of expected.',
    thrFixInspect: '# look at temperature, power and clocks while it runs',
    thrFixCooling: '# check airflow, fans and the inlet temperature; thermal slowdown costs clock speed',
    eccTitle: 'GPU {index} ({name}): {what} ECC errors appeared during the benchmark',
    eccCause: 'Volatile ECC counters went from {before} to {after} corrected and {ubefore} to {uafter} uncorrectable while the benchmark ran.',
    eccFixInspect: '# read the ECC and row-remapping state; uncorrectable errors need a GPU reset and, if they recur, an RMA',
  },
  'zh-CN': {
    pcieLowTitle: 'GPU {index}（{name}）：主机↔设备拷贝只有 {got} GB/s，是 {link} 链路应有 {expected} GB/s 的 {pct}%',
    pcieLowCause: '用 CUDA 事件计时的锁页内存拷贝低于链路应有的带宽。负载下 NVML 看到的链路为 {seen}。代数或宽度低于最大值说明插槽、转接卡或 BIOS 设置有问题；链路满速但带宽低则多半是 IOMMU、NUMA 位置（GPU 离内存远）或与其他设备共享的 PCIe 交换芯片。',
    pcieLinkTitle: 'GPU {index}（{name}）：负载下 PCIe 链路运行在 {seen}，低于最大 {max}',
    pcieLinkCause: 'NVML 在拷贝进行时读取链路状态，所以不是节能降速：链路协商到了低于 GPU 和插槽支持的速率。',
    pcieFixInspect: '# 在拷贝进行时检查链路及所在插槽',
    pcieFixReseat: '# 重新插好 GPU 或转接卡，使用直连 CPU 的 x16 插槽，并在 BIOS 中把插槽设为最高代数',
    thrTitle: 'GPU {index}（{name}）在测试中降频：{reasons}',
    thrCause: '测试期间 NVML 时钟事件原因：{reasons}，出现在 {count} 次采样中的 {share}%；SM 时钟中位数 {sm} MHz，最大 {max} MHz。',
    thrPowerInfo: 'GPU {index}（{name}）在测试中达到功耗上限（sw_power_cap）',
    thrPowerCause: '繁重的 GEMM 达到板卡功耗上限属正常；GEMM 速率仍达到预期的 {pct}%。',
    thrFixInspect: '# 运行时查看温度、功耗和时钟',
    thrFixCooling: '# 检查风道、风扇和进风温度；过热降频会损失时钟频率',
    eccTitle: 'GPU {index}（{name}）：测试期间出现 {what} ECC 错误',
    eccCause: '测试期间易失 ECC 计数：可纠正从 {before} 到 {after}，不可纠正从 {ubefore} 到 {uafter}。',
    eccFixInspect: '# 查看 ECC 与行重映射状态；不可纠正错误需要重置 GPU，反复出现则需返修',
  },
});
