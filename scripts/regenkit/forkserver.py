"""A preloaded worker: imports torch and the other heavy libraries once, then forks one child per snippet job.

Started by regen with the jobs' fixed environment (so PYTHONHASHSEED and the caller's ATEN_CPU_CAPABILITY hold in
every child); it runs no torch operation before forking. Each child starts its own session (regen kills its process
group), takes the job's environment, working folder and output files, installs the write guard, imports pelib.docenv
and runs the script as __main__, exactly as a fresh `python -c BOOT script` would. Local modules are never
preloaded: each child imports them from disk.

Protocol, one JSON object per line: regen sends {"id", "path", "snippets", "cwd", "env", "stdout", "stderr",
"guard"}; the server answers {"id", "pid"} when the child starts and {"id", "exit"} when it ends. End of input
stops the server and kills whatever it still runs. Standalone: imports nothing from regenkit.

`forkserver.py --also` preloads ALSO too. `forkserver.py --listen PATH` serves many regen runs, one after another or
at once, each over its own connection to the Unix socket PATH (the tests start one for their whole session: a regen
run then imports nothing heavy, where each would otherwise start a worker or a fresh interpreter of its own, seconds
of CPU each). A connection opens with {"hello": {"executable", "env", "ignore"}}; the server answers {"hello": true}
only when it runs that interpreter in that environment (the keys in "ignore" apart: the caller's own folders), since
what a child inherits from the server (PYTHONHASHSEED, the caller's ATEN_CPU_CAPABILITY) must be what the caller's
own worker would have had; otherwise {"hello": false}, and the caller starts its own. Then the protocol above. The
end of a connection's input kills what it still runs, and the server closes the connection once those have ended;
the end of the server's standard input stops the server.
"""

import gc
import importlib
import json
import os
import select
import signal
import socket
import sys

# torch._inductor.config: pelib.docenv's torch.use_deterministic_algorithms(True) imports it, and with it all of dynamo
# (about a second per job otherwise). Importing it runs no torch operation and starts no thread. The others are what
# most jobs import on their own: the deterministic mode's schema check, and the figures' Agg and SVG back ends with the
# image plugins that Pillow loads when matplotlib saves a PNG.
PRELOAD = ("torch", "torch._inductor.config", "torch._subclasses.schema_check_mode", "numpy", "matplotlib",
           "matplotlib.pyplot", "matplotlib.backends.backend_agg", "matplotlib.backends.backend_svg", "PIL.Image",
           "sympy", "mpmath")


# What the library pages' jobs import (the pinned transformers and diffusers: about 2 s for each job that imports them,
# a tenth of a forced regen), preloaded when a run has several such jobs (regen's choice: `--also`) and by the tests'
# shared worker. Importing them starts no thread and runs no torch operation.
ALSO = ("transformers", "transformers.models", "transformers.modeling_utils", "diffusers",
        "diffusers.models.embeddings")


def preload(also: bool = False) -> None:
    """Import PRELOAD (and ALSO if asked), writing the bytecode of these (installed) modules where none is cached yet.

    The install compiles no bytecode (Makefile), and the jobs' environment writes none (PYTHONDONTWRITEBYTECODE):
    without this, every regen would compile these modules again in memory, seconds of each run on a fresh clone.
    The children write none, as before.
    """
    before, sys.dont_write_bytecode = sys.dont_write_bytecode, False
    try:
        for name in PRELOAD + (ALSO if also else ()):
            try:
                importlib.import_module(name)
            except ImportError:
                pass
        image = sys.modules.get("PIL.Image")
        if image is not None:
            image.preinit()  # the BMP, GIF, JPEG, PPM and PNG plugins: what Image.save imports first
    finally:
        sys.dont_write_bytecode = before


def child(request: dict, control: tuple[int, ...]) -> None:
    """In the forked child: become the job, run it, and exit with its status (never returns). `control`: the server's
    own descriptors (its protocol, its socket and connections), closed first."""
    code = 1
    try:
        os.setsid()
        for fd in control:
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(target, fd)
            os.close(target)
        import runpy
        import tempfile

        tempfile.tempdir = None  # TMPDIR is the job's scratch folder now
        sys.argv = [request["path"]]
        sys.path[:0] = [request["snippets"], os.path.dirname(os.path.abspath(request["path"]))]
        exec(request["guard"], {})
        importlib.import_module("pelib.docenv")
        runpy.run_path(request["path"], run_name="__main__")
        code = 0
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            code = stop.code or 0
        else:
            print(stop.code, file=sys.stderr)
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                code = code or 1
        os._exit(code)


class Client:
    """One caller: where its requests come from and where the answers go, and what it has not read yet."""

    def __init__(self, read: int, write: int, shared: bool) -> None:
        self.read, self.write, self.shared, self.pending = read, write, shared, b""
        self.reading = True  # until its end of input
        self.open = True  # a connection: until what it ran has ended and been answered; the owner: its end of input
        self.greeted = not shared  # a connection to a shared server opens with a hello

    def send(self, message: dict) -> None:
        if self.open:
            try:
                os.write(self.write, (json.dumps(message) + "\n").encode())
            except OSError:  # the caller is gone; its end of input comes next
                pass


def compatible(hello: dict, startup_env: dict[str, str]) -> bool:
    """A caller may use this shared server when its own worker would have run this interpreter in this environment."""
    ignore = set(hello.get("ignore", ()))
    mine = {k: v for k, v in startup_env.items() if k not in ignore}
    return hello.get("executable") == sys.executable and hello.get("env") == mine


def main() -> None:
    arguments = sys.argv[1:]
    also = "--also" in arguments
    listen = arguments[arguments.index("--listen") + 1] if "--listen" in arguments else None
    startup_env = dict(os.environ)
    control_in, control_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(2, 1)  # a stray print in the server must not reach the protocol
    listener = None
    if listen:  # bound before the imports: a caller that connects meanwhile waits for its hello's answer
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(listen)
        listener.listen(64)
    preload(also)
    # The preloaded modules' objects move to a generation the collector never walks: a child's collections then leave
    # their pages alone, which after the fork would copy each page they touch (measured on 16 jobs: a tenth fewer
    # page faults, 1.04 M against 1.14 M, and about 5 % less CPU; the outputs are the same bytes).
    gc.freeze()

    os.write(control_out, (json.dumps({"ready": True}) + "\n").encode())
    owner = Client(control_in, control_out, shared=False)
    clients = {control_in: owner}  # by the descriptor they are read from
    connections: dict[int, socket.socket] = {}
    children: dict[int, tuple[Client, str]] = {}

    def descriptors() -> tuple[int, ...]:
        return (control_in, control_out, *connections, *((listener.fileno(),) if listener else ()))

    def end(client: Client) -> None:
        """The caller's end of input: kill what it still runs; a connection closes once those have ended and their
        ends were sent, so that a caller that waits for the close knows none of its jobs runs on."""
        client.reading = False
        clients.pop(client.read, None)
        for pid, (whose, _) in children.items():
            if whose is client:
                try:
                    os.killpg(pid, signal.SIGKILL)
                except OSError:
                    pass
        if client is owner:
            client.open = False
        else:
            close_when_done(client)

    def close_when_done(client: Client) -> None:
        if client.open and not any(whose is client for whose, _ in children.values()):
            client.open = False
            connections.pop(client.read).close()

    def handle(client: Client, request: dict) -> None:
        if not client.greeted:
            client.greeted = True
            ok = isinstance(request.get("hello"), dict) and compatible(request["hello"], startup_env)
            client.send({"hello": ok})
            if not ok:
                end(client)
            return
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            child(request, descriptors())
        children[pid] = (client, request["id"])
        client.send({"id": request["id"], "pid": pid})

    while owner.open:
        watched = [*clients, *((listener,) if listener else ())]
        readable, _, _ = select.select(watched, [], [], 0.02)
        for ready in readable:
            if ready is listener:
                connection, _ = listener.accept()
                connections[connection.fileno()] = connection
                clients[connection.fileno()] = Client(connection.fileno(), connection.fileno(), shared=True)
                continue
            client = clients.get(ready)
            if client is None:
                continue
            try:
                data = os.read(ready, 1 << 16)
            except OSError:  # a connection reset by a caller that died
                data = b""
            if not data:
                end(client)
                continue
            client.pending += data
            while b"\n" in client.pending and client.reading:
                line, client.pending = client.pending.split(b"\n", 1)
                handle(client, json.loads(line))
        while children:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            client, request_id = children.pop(pid)
            client.send({"id": request_id, "exit": os.waitstatus_to_exitcode(status)})
            if not client.reading and client is not owner:
                close_when_done(client)
    for client in list(clients.values()):
        end(client)
    for pid in children:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    if listen:
        try:
            os.unlink(listen)
        except OSError:
            pass


if __name__ == "__main__":
    main()
