"""``/api/tables``: create tables, list them, records, replays and rematches.

Invite links are returned once, to whoever creates the table; the server keeps
only token hashes. The full record of a game is served only once it is over;
before that a seat may fetch its own history (public log and its own moves).
"""

from __future__ import annotations

import hmac
import json
from typing import Any

from fastapi import APIRouter, Header, HTTPException, Request, Response

from cardtable.engine.errors import CardtableError, SettingError
from cardtable.server.deps import manager_of, seat_of, table_or_404
from cardtable.server.names import display_names
from cardtable.server.replays import MAX_PAGE, Replayer
from cardtable.server.schemas import CreatedTable, CreateTable, Invite, SeatName, TableSummary
from cardtable.server.tokens import CREATOR_KEY, hash_token, new_token

router = APIRouter(prefix="/api/tables", tags=["tables"])


def base_url(request: Request) -> str:
    """Where links point: the configured ``public_url``, else the address the request named.

    Why configured: the request's address comes from its ``Host`` header, which
    the client chooses, so without ``public_url`` a crafted request gets links
    to another host (harmless only while the creator is the one who shares them).
    """
    configured: str = request.app.state.settings.public_url
    return (configured or str(request.base_url)).rstrip("/")


def invite_url(request: Request, table_id: str, seat: int, token: str) -> str:
    return f"{base_url(request)}/t/{table_id}#seat={seat}&token={token}"


def client_of(request: Request) -> str | None:
    """The client's address (behind ``trusted_proxies``, the one they forwarded)."""
    return request.client.host if request.client is not None else None


@router.post("", response_model=CreatedTable, status_code=201)
async def create_table(body: CreateTable, request: Request) -> CreatedTable:
    manager = manager_of(request)
    client = client_of(request)
    # refusals (settings, limits) are CardtableErrors: typed JSON from the app's handler
    # the creator may revoke a seat's link later (a link sent to the wrong person)
    creator = new_token()
    new, tokens = await manager.create(
        body, client=client, options={CREATOR_KEY: hash_token(creator)}
    )
    names = display_names(new.row, new.game)
    invites = [
        Invite(seat=i, seat_name=names[i], token=tok, url=invite_url(request, new.id, i, tok))
        for i, tok in enumerate(tokens)
        if tok is not None
    ]
    base = base_url(request)
    return CreatedTable(
        table=TableSummary(**manager.summary(new)),
        invites=invites,
        spectate_url=f"{base}/t/{new.id}",
        creator_token=creator,
    )


@router.get("", response_model=list[TableSummary])
async def list_tables(request: Request) -> list[TableSummary]:
    return [TableSummary(**t) for t in await manager_of(request).list()]


@router.get("/{table_id}", response_model=TableSummary)
async def get_table(table_id: str, request: Request) -> TableSummary:
    manager = manager_of(request)
    rt = await table_or_404(manager, table_id)
    return TableSummary(**manager.summary(rt))


@router.put("/{table_id}/name", response_model=TableSummary)
async def name_my_seat(
    table_id: str,
    body: SeatName,
    request: Request,
    x_seat_token: str | None = Header(default=None),
) -> TableSummary:
    """The person holding a seat's link names that seat; every open page is told."""
    manager = manager_of(request)
    rt = await table_or_404(manager, table_id)
    seat = seat_of(rt, x_seat_token)
    await manager.rename(rt, seat, body.name)
    return TableSummary(**manager.summary(rt))


@router.post("/{table_id}/seats/{seat}/revoke", response_model=Invite)
async def revoke_seat_link(
    table_id: str,
    seat: int,
    request: Request,
    x_creator_token: str | None = Header(default=None),
) -> Invite:
    """A new link for a person's seat, from the table's creator; the old link opens nothing.

    Why: a link sent to the wrong person, or left in a shared screen's history,
    is a key to the seat for good otherwise. The seat's open sockets are told
    (``revoked``) and closed; the new link is returned once, like the first.
    """
    manager = manager_of(request)
    rt = await table_or_404(manager, table_id)
    stored = rt.row.options.get(CREATOR_KEY)
    given = hash_token(x_creator_token) if x_creator_token else ""
    if not isinstance(stored, str) or not hmac.compare_digest(given, stored):
        raise HTTPException(403, "only the table's creator may revoke its links")
    if not 0 <= seat < len(rt.seats) or rt.seats[seat].kind != "human":
        raise SettingError(f"seat {seat} is not a person's seat at this table")
    token = new_token()
    async with rt.lock:
        rt.seats[seat].token_hash = hash_token(token)
        await manager.storage.run(manager.storage.store.set_token_hashes, rt.id, [rt.seats[seat]])
    for sub in list(rt.subscribers):
        if sub.seat == seat:
            sub.push(
                {"type": "error", "code": "revoked", "message": "this seat's link was revoked"}
            )
            sub.queue.put_nowait(None)  # the writer closes the socket after the message
    return Invite(
        seat=seat,
        seat_name=display_names(rt.row, rt.game)[seat],
        token=token,
        url=invite_url(request, rt.id, seat, token),
    )


@router.get("/{table_id}/record")
async def get_record(table_id: str, request: Request, download: bool = False) -> Response:
    rt = await table_or_404(manager_of(request), table_id)
    if rt.status != "over" or rt.row.record is None:
        raise HTTPException(409, "the full record is available once the game is over")
    headers = {}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="{rt.row.game}-{rt.id}.json"'
    body = json.dumps(rt.row.record, indent=1) + "\n"
    return Response(body, media_type="application/json", headers=headers)


@router.get("/{table_id}/replay", response_model=None)
async def get_replay(
    table_id: str, request: Request, start: int = 0, count: int = MAX_PAGE
) -> Response:
    """One page of a finished game's steps (``start``, at most ``MAX_PAGE`` of them).

    The cost of a request is bounded by a page whatever the game's length (see
    ``replays``), built in a process of its own, and pages per address per
    minute by ``replays_per_minute``, so asking again and again cannot take
    the CPU from the tables being played; the whole record has its own endpoint.
    """
    client = client_of(request)
    if client is not None:
        request.app.state.replay_rate.hit(client)
    rt = await table_or_404(manager_of(request), table_id)
    if rt.status != "over" or rt.row.record is None:
        raise HTTPException(409, "a replay is available once the game is over")
    if start < 0 or not 1 <= count <= MAX_PAGE:
        raise SettingError(f"a replay page starts at 0 or later and holds 1 to {MAX_PAGE} steps")
    replayer: Replayer = request.app.state.replayer
    total, steps = await replayer.page(rt.id, rt.row.record, start, count)
    head = {
        "table": rt.id,
        "game": rt.row.game,
        "title": rt.game.info.title,
        "seat_names": [rt.game.seat_name(i) for i in range(rt.game.num_players)],
        "names": display_names(rt.row, rt.game),
        "seats": manager_of(request).summary(rt)["seats"],
        "catalogue": rt.game.card_catalogue(),
        "total": total,
        "start": start,
    }
    # the steps arrive encoded: the page is joined, not encoded again, on the event loop
    body = json.dumps(head, separators=(",", ":"))[:-1].encode() + b',"steps":' + steps + b"}"
    # a finished game's page never changes: browsers and proxies may keep it
    headers = {"Cache-Control": "public, max-age=86400, immutable"}
    return Response(body, media_type="application/json", headers=headers)


@router.get("/{table_id}/history")
async def get_history(
    table_id: str, request: Request, x_seat_token: str | None = Header(default=None)
) -> dict[str, Any]:
    """What one seat has seen so far: the public log and its own moves."""
    rt = await table_or_404(manager_of(request), table_id)
    seat = seat_of(rt, x_seat_token)
    delta = rt.delta(seat, 0)
    return {"table": rt.id, "seat": seat, "move": rt.move, "log": delta.log, "mine": delta.mine}


@router.post("/{table_id}/rematch")
async def rematch(
    table_id: str, request: Request, x_seat_token: str | None = Header(default=None)
) -> dict[str, Any]:
    manager = manager_of(request)
    rt = await table_or_404(manager, table_id)
    seat_of(rt, x_seat_token)
    assert x_seat_token is not None
    try:
        new, seat = await manager.rematch(table_id, x_seat_token)
    except CardtableError as exc:
        raise HTTPException(409, str(exc)) from exc
    return {
        "table": new.id,
        "seat": seat,
        "url": invite_url(request, new.id, seat, x_seat_token),
    }
