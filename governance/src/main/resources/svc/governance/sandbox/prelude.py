# svc sandbox prelude (G2). Runs before the user's script, inside the same interpreter, started as
#   python3 -I -S -B -c <this file> <script> <report> <network 0|1> <read paths> <write paths>
# (paths separated by os.pathsep). It installs a PEP 578 audit hook that refuses file access
# outside the allowed paths, network calls when the network is off, and any new process. An audit
# hook cannot be removed once installed. Each refusal is written to the report file (an fd opened
# before the hook, so writing it raises no audit event) for the host to say which limit stopped
# the script. This is a Python-level layer on top of the OS limits (rlimits, namespaces), not a
# kernel boundary: nsjail gives that.
#
# The script shares the interpreter with the hook, so the hook never runs the script's code and
# never looks anything up that the script could replace:
# - every function, module attribute and builtin it uses is bound as a default argument when the
#   prelude runs (no globals, no closures: closure cells are writable without an audit event, while
#   replacing a function's __defaults__ or __code__ raises one, which the hook refuses);
# - paths are copied to plain str before use (a str subclass could override its methods) and
#   resolved by its own walk over lstat/readlink rather than os.path.realpath (a Python function
#   whose module globals the script could patch);
# - tracing and profiling (which can rewrite a running frame's locals) are refused.
import os
import sys
import types


def _sandbox():
    import stat

    script, report_path, network, reads, writes = sys.argv[1:6]
    report = os.open(report_path, os.O_WRONLY | os.O_APPEND)
    with open(script, "r", encoding="utf-8") as f:
        source = f.read()

    def roots(joined):
        return tuple(os.path.realpath(p) for p in joined.split(os.pathsep) if p)

    # The interpreter's own files are readable so imports work; never writable.
    interpreter = tuple({os.path.realpath(p) for p in sys.path + [sys.prefix, sys.base_prefix, sys.exec_prefix] if p})
    read_roots = roots(reads) + interpreter + ("/dev/null", "/dev/urandom")
    write_roots = roots(writes) + ("/dev/null",)
    network_on = network == "1"

    process_events = frozenset({
        "subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
        "os.forkpty", "os.startfile", "pty.spawn", "os.kill", "os.killpg", "signal.pthread_kill",
        "ctypes.dlopen", "ctypes.dlsym", "ctypes.addressof", "gc.get_objects", "gc.get_referrers",
        "gc.get_referents", "sys._current_frames", "sys.settrace", "sys.setprofile",
        "sys._setprofileallthreads", "sys._settraceallthreads",
    })
    blocked_imports = frozenset({"_posixsubprocess", "_ctypes"})
    guarded_attributes = frozenset({"__code__", "__defaults__", "__kwdefaults__"})
    network_events = frozenset({
        "socket.connect", "socket.sendto", "socket.sendmsg", "socket.bind", "socket.getaddrinfo",
        "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo",
    })
    # Events whose first one or two arguments are paths written (or removed, or linked).
    one_path_writes = frozenset({"os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate",
                                 "os.utime", "shutil.rmtree"})
    two_path_writes = frozenset({"os.symlink", "os.link", "os.rename", "shutil.copyfile", "shutil.move"})
    read_events = frozenset({"os.listdir", "os.scandir", "glob.glob", "os.chdir"})

    class SandboxViolation(PermissionError):
        pass

    def refuse(limit, detail, _write=os.write, _violation=SandboxViolation, _report=report):
        _write(_report, (limit + "\t" + detail.replace("\n", " ") + "\n").encode("utf-8", "replace"))
        raise _violation("sandbox: " + detail)

    def plain(path, _str=str, _bytes=bytes, _isinstance=isinstance, _decode=bytes.decode, _refuse=refuse):
        """The path as a plain str, copied out of any subclass without calling its methods."""
        if _isinstance(path, _str):
            return "".join([path])
        if _isinstance(path, _bytes):
            return _decode(b"".join([path]), "utf-8", "surrogateescape")
        return _refuse("path", "a path of an unexpected type was refused")

    def resolve(path, _getcwd=os.getcwd, _lstat=os.lstat, _readlink=os.readlink, _islink=stat.S_ISLNK,
                _oserror=OSError, _refuse=refuse):
        """Absolute, with '.', '..' and symbolic links resolved; components that do not exist are kept."""
        if not path.startswith("/"):
            path = _getcwd() + "/" + path
        pending = path.split("/")
        pending.reverse()
        done = []
        links = 0
        while pending:
            part = pending.pop()
            if part == "" or part == ".":
                continue
            if part == "..":
                if done:
                    done.pop()
                continue
            candidate = "/" + "/".join(done + [part])
            try:
                mode = _lstat(candidate).st_mode
            except _oserror:
                done.append(part)
                continue
            if not _islink(mode):
                done.append(part)
                continue
            links += 1
            if links > 40:
                _refuse("path", "too many symbolic links in " + path)
            target = _readlink(candidate)
            if target.startswith("/"):
                done = []
            more = target.split("/")
            more.reverse()
            pending.extend(more)
        return "/" + "/".join(done)

    def under(path, roots_):
        for r in roots_:
            if path == r or path.startswith(r.rstrip("/") + "/"):
                return True
        return False

    def check_path(raw, write, event, _plain=plain, _resolve=resolve, _under=under, _refuse=refuse,
                   _int=int, _isinstance=isinstance, _reads=read_roots, _writes=write_roots):
        if raw is None or _isinstance(raw, _int):
            return  # "current directory", or an fd already opened (and judged when it was)
        path = _plain(raw)
        if not path.startswith("/") and ".." in path.split("/"):
            # The event does not say which directory fd a relative path is relative to.
            _refuse("path", event + " of " + path + " was refused: relative paths may not contain '..'")
        real = _resolve(path)
        if write and not _under(real, _writes):
            _refuse("path", event + " for writing " + path + " is outside the writable paths")
        if not write and not _under(real, _reads + _writes):
            _refuse("path", event + " of " + path + " is outside the allowed paths")

    def hook(event, args, _check=check_path, _refuse=refuse, _process=process_events, _imports=blocked_imports,
             _attributes=guarded_attributes, _network=network_events, _network_on=network_on,
             _one=one_path_writes, _two=two_path_writes, _reads=read_events, _int=int, _str=str,
             _isinstance=isinstance, _len=len, _type=type, _write_flags=os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC):
        if event == "open":
            flags = args[2] if _len(args) > 2 else 0
            mode = args[1]
            write = (_isinstance(flags, _int) and flags & _write_flags != 0) or (
                    _type(mode) is _str and ("w" in mode or "a" in mode or "x" in mode or "+" in mode))
            _check(args[0], write, event)
        elif event in _process:
            _refuse("process", event + " is not allowed: scripts cannot start or signal processes, "
                    + "or reach the interpreter's internals")
        elif event == "import" and args[0] in _imports:
            _refuse("process", "import of " + args[0] + " is not allowed: scripts cannot start processes")
        elif (event == "object.__setattr__" or event == "object.__delattr__") and args[1] in _attributes:
            _refuse("process", "changing a function's " + args[1] + " is not allowed in the sandbox")
        elif event in _network and not _network_on:
            _refuse("network", event + " is not allowed: the network is off for this script")
        elif event in _one:
            _check(args[0], True, event)
        elif event in _two:
            _check(args[0], True, event)
            _check(args[1], True, event)
        elif event in _reads and args:
            _check(args[0], False, event)

    def excepthook(kind, value, tb, _default=sys.excepthook, _write=os.write, _issubclass=issubclass,
                   _memory=MemoryError, _report=report):
        if _issubclass(kind, _memory):
            _write(_report, b"memory\tMemoryError: the memory limit was reached\n")
        _default(kind, value, tb)

    sys.excepthook = excepthook
    code = compile(source, "<script>", "exec")
    main = types.ModuleType("__main__")
    sys.modules["__main__"] = main
    sys.argv = ["<script>"]
    sys.addaudithook(hook)
    return code, main


# Only the compiled script and its fresh module leave the function.
_code, _main = _sandbox()
del _sandbox
exec(_code, _main.__dict__)
