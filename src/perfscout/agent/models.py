"""The model seam: one small interface, four implementations.

- :class:`OpenAIChatModel`: any OpenAI-compatible chat endpoint (vLLM, Ollama, llama.cpp
  server, cloud APIs) through the ``openai`` package; native tool calls, or JSON mode (a JSON
  schema constrained reply naming one tool) for servers without them.
- :class:`OfflinePlanner`: no LLM; drives the same tools in the fixed order of the workflow.
- :class:`ScriptedModel` and :class:`ReplayModel`: canned replies for tests and replays.

Messages are OpenAI chat messages (dicts); a reply is a :class:`Reply`.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from perfscout.model.errors import LLMError

Message = dict[str, Any]


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any] | None  # None: the model sent arguments that are not JSON
    raw: str = ""
    error: str = ""


@dataclass(frozen=True)
class Reply:
    text: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tokens: int = 0  # prompt + completion tokens this call used
    mode: str = ""  # native, json, offline, scripted, replay


class Model(Protocol):
    """What the loop needs from a model."""

    name: str

    def complete(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        """The next reply given the conversation so far and the tool specs."""
        ...


def parse_arguments(raw: str | None) -> tuple[dict[str, Any] | None, str]:
    """Tool-call arguments as a dict, or (None, why not)."""
    if raw is None or raw.strip() == "":
        return {}, ""
    try:
        val = json.loads(raw)
    except json.JSONDecodeError as exc:
        return None, f"arguments are not valid JSON ({exc.msg} at char {exc.pos})"
    if not isinstance(val, dict):
        return None, f"arguments must be a JSON object, not {type(val).__name__}"
    return val, ""


def reply_to_message(reply: Reply) -> Message:
    """The assistant message recording ``reply`` in the conversation."""
    msg: Message = {"role": "assistant", "content": reply.text or None}
    if reply.tool_calls:
        msg["tool_calls"] = [{"id": c.id, "type": "function", "function": {
            "name": c.name, "arguments": c.raw if c.arguments is None
            else json.dumps(c.arguments)}} for c in reply.tool_calls]
    return msg


def json_mode_schema(tools: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The reply schema for JSON mode: exactly one tool call by name (the session ends with
    the ``finish`` tool, so there is no free-text branch to wander into)."""
    names = [t["function"]["name"] for t in tools]
    return {"type": "object", "properties": {"tool": {"enum": names},
                                             "arguments": {"type": "object"}},
            "required": ["tool", "arguments"]}


def _signature(params: dict[str, Any]) -> str:
    req = set(params.get("required", ()))
    return ", ".join(f"{k}{'' if k in req else '?'}: {v.get('type', 'any')}"
                     for k, v in params.get("properties", {}).items())


def to_json_mode(messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> list[Message]:
    """Rewrite tool-call messages as plain text for servers without native tool calls."""
    catalog = "\n".join(f"- {t['function']['name']}({_signature(t['function']['parameters'])})"
                        f": {t['function']['description']}" for t in tools)
    out: list[Message] = []
    for m in messages:
        if m["role"] == "system":
            out.append({"role": "system", "content": m["content"] + "\n\nReply with ONE JSON "
                        'object {"tool": NAME, "arguments": {...}}; end with the finish tool. '
                        "Tools:\n" + catalog})
        elif m["role"] == "assistant" and m.get("tool_calls"):
            c = m["tool_calls"][0]["function"]
            out.append({"role": "assistant", "content": json.dumps(
                {"tool": c["name"], "arguments": _loads_or_raw(c["arguments"])})})
        elif m["role"] == "tool":
            out.append({"role": "user", "content": f"Observation ({m.get('name', 'tool')}): "
                        + str(m["content"])})
        else:
            out.append({"role": m["role"], "content": m.get("content") or ""})
    return out


def _native_message(m: Message) -> Message:
    return {k: v for k, v in m.items() if not (m["role"] == "tool" and k == "name")}


def _loads_or_raw(s: str) -> Any:
    try:
        return json.loads(s)
    except ValueError:
        return s


class OpenAIChatModel:
    """An OpenAI-compatible chat endpoint. ``mode``: ``auto`` (native tool calls, JSON mode
    when the server refuses tools), ``native`` or ``json``. Connection failures, timeouts and
    5xx answers are retried ``max_retries`` times by the client; then, and for any reply that
    is not a chat completion (an HTML page, truncated JSON, no choices), an
    :class:`LLMError` (exit 12) says what came back and what to check."""

    def __init__(self, base_url: str, model: str, api_key: str = "", *, timeout_s: float = 300.0,
                 mode: str = "auto", max_tokens: int = 512, max_retries: int = 1) -> None:
        from openai import OpenAI

        if not base_url:
            raise LLMError("no model endpoint configured",
                           "give --base-url URL or set llm.base_url (or use --offline)")
        if mode not in ("auto", "native", "json"):
            raise LLMError(f"unknown model mode {mode!r}", "use auto, native or json")
        self.name = model or "default"
        self.base_url = base_url
        self.mode = mode
        self.max_tokens = max_tokens
        self.timeout_s = timeout_s
        self._client = OpenAI(base_url=base_url, api_key=api_key or "not-needed",
                              timeout=timeout_s, max_retries=max(0, max_retries))
        self._ids = itertools.count(1)

    def complete(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        import openai

        try:
            return self._complete(messages, tools)
        except (LLMError, openai.OpenAIError):
            raise
        except Exception as exc:  # the client choked on what the endpoint sent
            raise LLMError(f"model endpoint {self.base_url} sent a reply that is not a chat "
                           f"completion ({type(exc).__name__}: {_short(str(exc))})",
                           "check that --base-url points at an OpenAI-compatible /v1 "
                           "endpoint and read the server log") from None

    def _create(self, **kw: Any) -> Any:
        """One chat completion, checked: the endpoint must send a completion with choices."""
        import openai

        create: Any = self._client.chat.completions.with_raw_response.create
        try:
            raw = create(model=self.name, max_tokens=self.max_tokens, **kw)
        except openai.APIResponseValidationError as exc:
            raise LLMError(f"model endpoint {self.base_url} sent a malformed reply: "
                           f"{_short(str(exc))}", "read the server log") from None
        body = raw.http_response.text
        try:
            data = json.loads(body)
        except ValueError:
            what = "an HTML page" if body.lstrip()[:1] == "<" else "text that is not JSON " \
                "(truncated?)"
            raise LLMError(f"model endpoint {self.base_url} sent {what} instead of a chat "
                           f"completion: {_short(body, 120)!r}",
                           "check that --base-url ends in /v1 of an OpenAI-compatible server, "
                           "and the server log") from None
        if not isinstance(data, dict) or not data.get("choices"):
            raise LLMError(f"model endpoint {self.base_url} returned no choices: "
                           f"{_short(body, 120)!r}", "check the server log and the model name")
        return raw.parse()

    def _complete(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        import openai

        if self.mode in ("auto", "native"):
            try:
                return self._native(messages, tools)
            except openai.BadRequestError as exc:
                if self.mode == "native" or "tool" not in str(exc).lower():
                    raise self._error(exc) from None
                self.mode = "json"  # this server has no tool calls: fall back for good
            except openai.OpenAIError as exc:
                raise self._error(exc) from None
        try:
            return self._json(messages, tools)
        except openai.OpenAIError as exc:
            raise self._error(exc) from None

    def _native(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        r = self._create(messages=[_native_message(m) for m in messages], tools=list(tools),
                         tool_choice="auto")
        msg = r.choices[0].message
        calls = []
        for tc in msg.tool_calls or ():
            fn = getattr(tc, "function", None)
            if fn is None:
                continue
            args, err = parse_arguments(fn.arguments)
            calls.append(ToolCall(tc.id or f"call_{next(self._ids)}", fn.name, args,
                                  fn.arguments or "", err))
        return Reply(msg.content or "", tuple(calls), _tokens(r), "native")

    def _json(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        schema = json_mode_schema(tools)
        # llama.cpp and vLLM honour a JSON schema under response_format (constrained output)
        r = self._create(messages=to_json_mode(messages, tools),
                         response_format={"type": "json_object", "schema": schema})
        text = r.choices[0].message.content or ""
        cid = f"call_{next(self._ids)}"
        try:
            obj = json.loads(text)
        except ValueError:
            return Reply("", (ToolCall(cid, "?", None, text, "reply is not JSON"),),
                         _tokens(r), "json")
        if isinstance(obj, dict) and "tool" in obj:
            args = obj.get("arguments", {})
            ok = isinstance(args, dict)
            return Reply("", (ToolCall(cid, str(obj["tool"]), args if ok else None,
                                       json.dumps(args), "" if ok else
                                       "arguments must be a JSON object"),), _tokens(r), "json")
        answer = obj.get("answer") if isinstance(obj, dict) else None
        return Reply(str(answer if answer is not None else text), (), _tokens(r), "json")

    def _error(self, exc: Exception) -> LLMError:
        import openai

        where = f"model endpoint {self.base_url}"
        if isinstance(exc, openai.APITimeoutError):
            return LLMError(f"{where} did not answer within {self.timeout_s:g} s",
                            "raise llm.timeout_s, or check that the server is not overloaded")
        if isinstance(exc, openai.APIStatusError):
            return LLMError(f"{where} answered HTTP {exc.status_code}: {_short(exc.message)}",
                            "check the server log and the model name (--model)")
        if isinstance(exc, openai.APIConnectionError):
            return LLMError(f"cannot connect to {where}",
                            "start the server (scripts/llm.sh start) or fix --base-url")
        return LLMError(f"{where}: {type(exc).__name__}: {_short(str(exc))}")


def _short(s: str, n: int = 200) -> str:
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 3] + "..."


def _tokens(r: Any) -> int:
    u = getattr(r, "usage", None)
    return int(getattr(u, "total_tokens", 0) or 0) if u else 0


# -- offline, scripted, replay ---------------------------------------------------------------
def last_observation(messages: Sequence[Message]) -> dict[str, Any]:
    """The parsed content of the last tool message (``{}`` when none)."""
    for m in reversed(messages):
        if m["role"] == "tool":
            try:
                val = json.loads(m["content"])
            except (ValueError, TypeError):
                return {}
            if isinstance(val, dict) and "observation" in val:
                val = val["observation"]
            return val if isinstance(val, dict) else {}
    return {}


class OfflinePlanner:
    """The deterministic planner: snapshot -> confirm -> list and summarize profiles ->
    analyze -> do-not list -> propose the catalog's proposals -> run_experiment (the approval
    gate decides) -> finish. It reads only the tools' observations."""

    name = "offline-planner"

    def __init__(self) -> None:
        self._plan = self._steps()
        self._messages: Sequence[Message] = []
        self._n = 0

    def complete(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        self._messages = messages
        try:
            return next(self._plan)
        except StopIteration:
            return Reply("offline plan complete", (), 0, "offline")

    def _call(self, name: str, **args: Any) -> Reply:
        self._n += 1
        return Reply("", (ToolCall(f"off_{self._n}", name, args, json.dumps(args)),), 0,
                     "offline")

    def _obs(self) -> dict[str, Any]:
        obs = last_observation(self._messages)
        res = obs.get("untrusted_data", obs.get("result"))
        return res if isinstance(res, dict) else {}

    def _steps(self) -> Iterator[Reply]:
        yield self._call("platform_snapshot")
        key = self._obs().get("platform")
        if key:
            yield self._call("confirm_platform", platform=key)
        yield self._call("list_profiles")
        for p in self._obs().get("profiles", []):
            if "format" in p:
                yield self._call("summarize_profile", path=p["path"], top=10)
        yield self._call("analyze")
        findings = self._obs().get("findings", [])
        yield self._call("do_not_list")
        catalog = self._obs().get("catalog_proposals", [])
        accepted = []
        for p in catalog:
            yield self._call("propose", proposal=p)
            accepted += self._obs().get("accepted", [])
        ran = ""
        if accepted:
            yield self._call("run_experiment", proposal_ids=accepted)
            obs = last_observation(self._messages)
            ran = ("; experiment " + str(obs["untrusted_data"].get("experiment"))
                   if obs.get("ok") else f"; experiment not run: {obs.get('error')}")
        top = ", ".join(f"{f['id']} ({f['status']})" for f in findings) or "no finding"
        yield self._call("finish", answer=f"findings: {top}; accepted proposals: "
                         f"{', '.join(accepted) or 'none'}{ran}",
                         claims=[{"finding": f["id"], "status": f["status"]} for f in findings])


ScriptItem = Reply | Exception | Callable[[Sequence[Message]], Reply]


@dataclass
class ScriptedModel:
    """Replies from a list: a :class:`Reply`, an exception to raise, or a function of the
    conversation. Running past the end is an LLMError (the test scripted too little)."""

    script: list[ScriptItem]
    name: str = "scripted"
    seen: list[list[Message]] = field(default_factory=list)

    def complete(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        self.seen.append(list(messages))
        if not self.script:
            raise LLMError("scripted model has no more replies")
        item = self.script.pop(0)
        if isinstance(item, Exception):
            raise item
        return item(messages) if callable(item) else item


class ReplayModel:
    """Replays the model replies recorded in a transcript, in order."""

    name = "replay"

    def __init__(self, records: Sequence[dict[str, Any]]) -> None:
        self._replies = [reply_from_record(r) for r in records if r.get("kind") == "model_reply"]

    def complete(self, messages: Sequence[Message], tools: Sequence[dict[str, Any]]) -> Reply:
        if not self._replies:
            raise LLMError("the transcript has no more model replies to replay")
        return self._replies.pop(0)


def reply_from_record(rec: dict[str, Any]) -> Reply:
    """A :class:`Reply` from a transcript ``model_reply`` record."""
    calls = tuple(ToolCall(c["id"], c["name"], c.get("arguments"), c.get("raw", ""),
                           c.get("error", "")) for c in rec.get("tool_calls", []))
    return Reply(rec.get("text", ""), calls, int(rec.get("tokens", 0)), "replay")
