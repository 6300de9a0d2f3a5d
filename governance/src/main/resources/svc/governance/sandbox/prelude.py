# svc sandbox prelude (G2). Runs before the user's script, inside the same interpreter, started as
#   python3 -I -S -B -c <this file> <script> <report> <network 0|1> <read paths> <write paths>
# (paths separated by os.pathsep). It installs a PEP 578 audit hook that refuses file access
# outside the allowed paths, network calls when the network is off, and any new process. The hook
# cannot be removed once installed. Each refusal is written to the report file (an fd opened before
# the hook, so writing it raises no audit event) for the host to say which limit stopped the script.
# This is a Python-level layer on top of the OS limits (rlimits, network namespace), not a kernel
# boundary: nsjail gives that.
import os
import sys
import types


def _sandbox():
    _script, _report_path, _network, _reads, _writes = sys.argv[1:6]
    _report = os.open(_report_path, os.O_WRONLY | os.O_APPEND)
    with open(_script, "r", encoding="utf-8") as _f:
        _source = _f.read()

    def _roots(joined):
        return tuple(os.path.realpath(p) for p in joined.split(os.pathsep) if p)

    # The interpreter's own files are readable so imports work; never writable.
    _interpreter = tuple({os.path.realpath(p) for p in sys.path + [sys.prefix, sys.base_prefix, sys.exec_prefix] if p})
    _read_roots = _roots(_reads) + _interpreter + ("/dev/null", "/dev/urandom")
    _write_roots = _roots(_writes) + ("/dev/null",)
    _network_on = _network == "1"
    _WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
    _PROCESS_EVENTS = frozenset({
        "subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
        "os.forkpty", "os.startfile", "pty.spawn", "ctypes.dlopen", "ctypes.dlsym", "ctypes.addressof",
        "gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys._current_frames",
        "os.kill", "os.killpg", "signal.pthread_kill",
    })
    _NETWORK_EVENTS = frozenset({
        "socket.connect", "socket.sendto", "socket.sendmsg", "socket.bind", "socket.getaddrinfo",
        "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo",
    })
    _WRITE_EVENTS = frozenset({
        "os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate", "os.utime",
        "os.symlink", "os.link", "os.rename", "shutil.rmtree", "shutil.copyfile", "shutil.move",
    })
    _READ_EVENTS = frozenset({"os.listdir", "os.scandir", "glob.glob", "os.chdir"})

    class SandboxViolation(PermissionError):
        pass

    def _refuse(limit, detail):
        os.write(_report, (limit + "\t" + detail.replace("\n", " ") + "\n").encode("utf-8", "replace"))
        raise SandboxViolation("sandbox: " + detail)

    def _under(path, roots):
        return any(path == r or path.startswith(r.rstrip(os.sep) + os.sep) for r in roots)

    def _check_path(path, write, event):
        if isinstance(path, int) or path is None:
            return  # an fd already opened, or "current directory" for listdir: judged when opened
        path = os.fsdecode(os.fspath(path))
        real = os.path.realpath(path)
        if write and not _under(real, _write_roots):
            _refuse("path", event + " for writing " + path + " is outside the writable paths")
        if not write and not _under(real, _read_roots + _write_roots):
            _refuse("path", event + " of " + path + " is outside the allowed paths")

    def _is_write(mode, flags):
        if isinstance(mode, str):
            return any(c in mode for c in "wax+")
        return isinstance(flags, int) and flags & _WRITE_FLAGS != 0

    def _hook(event, args):
        if event == "open":
            _check_path(args[0], _is_write(args[1], args[2] if len(args) > 2 else 0), "open")
        elif event in _PROCESS_EVENTS:
            _refuse("process", event + " is not allowed: scripts cannot start or signal processes, or reach the interpreter's internals")
        elif event == "import" and args[0] in ("_posixsubprocess", "_ctypes"):
            _refuse("process", "import of " + args[0] + " is not allowed: scripts cannot start processes")
        elif event in _NETWORK_EVENTS and not _network_on:
            _refuse("network", event + " is not allowed: the network is off for this script")
        elif event in _WRITE_EVENTS:
            for a in args[:2]:
                if isinstance(a, (str, bytes, os.PathLike)):
                    _check_path(a, True, event)
        elif event in _READ_EVENTS and args:
            _check_path(args[0], False, event)

    def _excepthook(kind, value, tb, _default=sys.excepthook):
        if issubclass(kind, MemoryError):
            os.write(_report, b"memory\tMemoryError: the memory limit was reached\n")
        _default(kind, value, tb)

    sys.excepthook = _excepthook
    code = compile(_source, "<script>", "exec")
    main = types.ModuleType("__main__")
    sys.modules["__main__"] = main
    sys.argv = ["<script>"]
    sys.addaudithook(_hook)
    return code, main


# Only the compiled script and its fresh module leave the function; the hook's state stays in
# closures the script has no reference to.
_code, _main = _sandbox()
del _sandbox
exec(_code, _main.__dict__)
