"""The report's message catalog: every piece of UI text, in English and Chinese.

Renderers look text up by key (``msg("h.findings")``); numbers, ids and units are never
translated. Adding a language means adding one mapping with every key of ``en``;
``tests/report`` checks that each catalog is complete.
"""

from __future__ import annotations

from perfscout.model.errors import UsageError
from perfscout.report.translate import (
    FINDINGS_ZH,
    NAMED_ROWS,
    PLATFORM_ZH,
    PROPOSALS_ZH,
    english_sentences,
)

EN: dict[str, str] = {
    "h.summary": "Summary",
    "free.english": "(the original is in English: see the English report)",
    "summary.kernel": "{kernel}: {verdict}",
    "summary.best": "best verified gain: {proposal} on {kernel}, {ratio}x [{low}, {high}]",
    "summary.no_gain": "no verified gain",
    "summary.kernel_win": "{proposal} verified {ratio}x",
    "summary.kernel_none": "no verified gain ({n} variants measured)",
    "summary.counts": "Findings by layer and status",
    "summary.checks": "Numbers that failed their own check",
    "summary.checks_none": "Every achieved rate is below the ceiling it is compared with.",
    "col.kernel": "kernel",
    "col.layer": "layer",
    "col.total": "total",
    "check.roof": "`{kernel}` `{variant}`: {gflops} GFLOP/s is above the roof at {ai} FLOP/byte "
                  "({roof} GFLOP/s): the ceiling is stale; re-measure it before judging",
    "check.bw": "`{kernel}` `{variant}`: {bw} MB/s is above the measured bandwidth ceiling "
                "({peak} MB/s): the ceiling is stale; re-measure it before judging",
    "check.finding": "{finding} ({scope}): its bandwidth {bw} MB/s is above the ceiling "
                     "{peak} MB/s; shown as a hypothesis until the ceiling is re-measured",
    "status.stale": "hypothesis (stale ceiling)",
    "title": "perfscout report",
    "source": "Source",
    "generated": "Generated",
    "h.platform": "Platform",
    "h.findings": "Findings by layer",
    "h.do_not": "Do not do",
    "h.proposals": "Proposals",
    "h.rejected": "Rejected proposals",
    "h.experiments": "Experiment results",
    "h.roofline": "Roofline",
    "h.scaling": "Thread scaling",
    "h.cards": "Knowledge-base cards",
    "h.notes": "Notes",
    "h.limits": "What the data cannot say",
    "platform.key": "Platform key",
    "platform.none": "No platform snapshot was available.",
    "layer.hardware": "Hardware",
    "layer.system": "System",
    "layer.runtime": "Runtime",
    "layer.algorithm": "Algorithm",
    "layer.application": "Application",
    "findings.none": "No finding: the data cannot decide.",
    "finding.root": "root cause",
    "finding.caused_by": "caused by",
    "finding.chain": "Cause chain",
    "status.confirmed": "confirmed",
    "status.hypothesis": "hypothesis",
    "col.id": "id",
    "col.status": "status",
    "col.confidence": "confidence",
    "col.title": "title",
    "col.evidence": "evidence",
    "col.topic": "topic",
    "col.reason": "reason",
    "col.kind": "kind",
    "col.scope": "scope",
    "col.expected": "expected gain",
    "col.actual": "actual gain [95% CI]",
    "col.basis": "basis",
    "col.risk": "risk",
    "col.variant": "variant",
    "col.samples": "samples",
    "col.median": "median [95% CI]",
    "col.speedup": "speedup [95% CI]",
    "col.verdict": "verdict",
    "col.why": "why",
    "col.card": "card",
    "col.proposal": "proposal",
    "col.platform": "platform",
    "col.experiments": "experiments",
    "col.problem": "problem",
    "col.guard": "guard",
    "do_not.none": "Nothing on the do-not-do list.",
    "proposals.none": "No proposal.",
    "experiments.none": "No experiment was run.",
    "experiment.caption": "{kernel} n={size}, metric {metric} ({direction} is better), "
                          "{rounds} rounds",
    "direction.higher": "higher",
    "direction.lower": "lower",
    "verdict.win": "win",
    "verdict.loss": "loss",
    "verdict.neutral": "neutral",
    "verdict.invalid": "invalid",
    "verdict.inconclusive": "inconclusive",
    "experiment.busy": "The machine was busy: {pct} of the run time was spent waiting for a CPU.",
    "verdict.baseline": "baseline",
    "plot.bars": "Median {metric} per variant with 95% interval ({kernel})",
    "plot.roofline": "Kernels against the measured ceilings",
    "plot.intensity": "arithmetic intensity (FLOP/byte of minimum traffic)",
    "plot.gflops": "GFLOP/s",
    "plot.bw_ceiling": "peak bandwidth {bw:.1f} GB/s",
    "plot.flop_ceiling": "peak {gflops:.1f} GFLOP/s",
    "plot.threads": "threads",
    "plot.scaling": "{metric} vs threads ({kernel})",
    "plot.ideal": "ideal (linear)",
    "roofline.none": "No kernel had both a FLOP count and a byte count; no roofline.",
    "roofline.ceilings": "Ceilings: bandwidth {bw} ({bws}); FLOP rate {fl} ({fls}).",
    "roofline.unmeasured": "not measured",
    "scaling.none": "No thread-scaling measurement in these experiments.",
    "cards.none": "No card recorded.",
    "cards.summary": "Which proposals held on which platforms",
    "col.n": "n",
    "col.success": "success rate",
    "col.median_actual": "median actual",
    "col.ratio_expected": "median actual/expected",
}

ZH: dict[str, str] = {
    "h.summary": "摘要",
    "free.english": "（此处原文为英文，见英文版报告）",
    "summary.kernel": "{kernel}：{verdict}",
    "summary.best": "已验证的最大收益：{proposal}（{kernel}），{ratio} 倍 [{low}, {high}]",
    "summary.no_gain": "没有已验证的收益",
    "summary.kernel_win": "{proposal} 已验证 {ratio} 倍",
    "summary.kernel_none": "没有已验证的收益（测量了 {n} 个变体）",
    "summary.counts": "按层次和状态统计的发现",
    "summary.checks": "未通过自检的数字",
    "summary.checks_none": "所有实测速率均低于其对比的上限。",
    "col.kernel": "内核",
    "col.layer": "层次",
    "col.total": "合计",
    "check.roof": "`{kernel}` `{variant}`：{gflops} GFLOP/s 高于算术强度 {ai} FLOP/byte 处的上限"
                  "（{roof} GFLOP/s）：该上限已过时，判断前需重新测量",
    "check.bw": "`{kernel}` `{variant}`：{bw} MB/s 高于实测带宽上限（{peak} MB/s）：该上限已过时，"
                "判断前需重新测量",
    "check.finding": "{finding}（{scope}）：其带宽 {bw} MB/s 高于上限 {peak} MB/s；"
                     "在重新测量上限之前按假设处理",
    "status.stale": "假设（上限已过时）",
    "title": "perfscout 报告",
    "source": "来源",
    "generated": "生成时间",
    "h.platform": "平台",
    "h.findings": "按层级划分的发现",
    "h.do_not": "不建议做的事",
    "h.proposals": "优化建议",
    "h.rejected": "被否决的建议",
    "h.experiments": "实验结果",
    "h.roofline": "Roofline 模型",
    "h.scaling": "线程扩展性",
    "h.cards": "知识库卡片",
    "h.notes": "说明",
    "h.limits": "现有数据无法回答的问题",
    "platform.key": "平台标识",
    "platform.none": "没有可用的平台快照。",
    "layer.hardware": "硬件层",
    "layer.system": "系统层",
    "layer.runtime": "运行时层",
    "layer.algorithm": "算法层",
    "layer.application": "应用层",
    "findings.none": "没有发现：现有数据不足以判断。",
    "finding.root": "根因",
    "finding.caused_by": "起因",
    "finding.chain": "因果链",
    "status.confirmed": "已确认",
    "status.hypothesis": "假设",
    "col.id": "编号",
    "col.status": "状态",
    "col.confidence": "置信度",
    "col.title": "标题",
    "col.evidence": "证据",
    "col.topic": "事项",
    "col.reason": "原因",
    "col.kind": "类型",
    "col.scope": "范围",
    "col.expected": "预期收益",
    "col.actual": "实际收益 [95% 置信区间]",
    "col.basis": "依据",
    "col.risk": "风险",
    "col.variant": "变体",
    "col.samples": "样本数",
    "col.median": "中位数 [95% 置信区间]",
    "col.speedup": "加速比 [95% 置信区间]",
    "col.verdict": "结论",
    "col.why": "说明",
    "col.card": "卡片",
    "col.proposal": "建议",
    "col.platform": "平台",
    "col.experiments": "实验",
    "col.problem": "问题",
    "col.guard": "守卫规则",
    "do_not.none": "没有需要避免的事项。",
    "proposals.none": "没有建议。",
    "experiments.none": "没有运行实验。",
    "experiment.caption": "{kernel} n={size}，指标 {metric}（{direction}为优），{rounds} 轮",
    "direction.higher": "越高",
    "direction.lower": "越低",
    "verdict.win": "提升",
    "verdict.loss": "变差",
    "verdict.neutral": "无显著差异",
    "verdict.invalid": "无效",
    "verdict.inconclusive": "无定论",
    "experiment.busy": "机器繁忙：运行时间的 {pct} 用于等待 CPU。",
    "verdict.baseline": "基线",
    "plot.bars": "各变体 {metric} 中位数及 95% 区间（{kernel}）",
    "plot.roofline": "各内核相对实测上限的位置",
    "plot.intensity": "算术强度（FLOP/最小访存字节）",
    "plot.gflops": "GFLOP/s",
    "plot.bw_ceiling": "峰值带宽 {bw:.1f} GB/s",
    "plot.flop_ceiling": "峰值 {gflops:.1f} GFLOP/s",
    "plot.threads": "线程数",
    "plot.scaling": "{metric} 随线程数变化（{kernel}）",
    "plot.ideal": "理想（线性）",
    "roofline.none": "没有同时具备浮点运算数和字节数的内核，无法绘制 Roofline。",
    "roofline.ceilings": "上限：带宽 {bw}（{bws}）；浮点速率 {fl}（{fls}）。",
    "roofline.unmeasured": "未测量",
    "scaling.none": "这些实验中没有线程扩展性测量。",
    "cards.none": "没有记录卡片。",
    "cards.summary": "各建议在各平台上的有效情况",
    "col.n": "次数",
    "col.success": "成功率",
    "col.median_actual": "实际收益中位数",
    "col.ratio_expected": "实际/预期 中位数",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN, "zh": ZH}

class Messages:
    """A lookup ``msg(key, **fields)`` in one language, and the text a stage wrote in English
    as that language shows it (:meth:`free`, :meth:`finding_title`, :meth:`proposal_title`)."""

    def __init__(self, lang: str) -> None:
        try:
            self.catalog = CATALOGS[lang]
        except KeyError:
            raise UsageError(f"no report language {lang!r}",
                             hint="languages: " + ", ".join(CATALOGS)) from None
        self.lang = lang

    def __call__(self, key: str, **fields: object) -> str:
        text = self.catalog.get(key, EN[key])
        return text.format(**fields) if fields else text

    def free(self, text: str) -> str:
        """``text`` as written, unless this is a translation and it is an English sentence:
        then a note that the original is in the English report."""
        if self.lang == "en" or not english_sentences(text):
            return text
        return self("free.english")

    def finding_title(self, fid: str, title: str) -> str:
        return title if self.lang == "en" else FINDINGS_ZH.get(fid) or self.free(title)

    def platform_row(self, label: str, value: str) -> tuple[str, str]:
        """A platform card row: the label translated, the value kept when it is a name."""
        if self.lang == "en":
            return label, value
        return (PLATFORM_ZH.get(label) or self.free(label),
                value if label in NAMED_ROWS else self.free(value))

    def proposal_title(self, pid: str, title: str) -> str:
        return title if self.lang == "en" else PROPOSALS_ZH.get(pid) or self.free(title)


def messages(lang: str) -> Messages:
    """A lookup ``msg(key, **fields)`` for ``lang``; UsageError listing languages on a miss."""
    return Messages(lang)
