package svc.core.tools.wasm;

import com.dylibso.chicory.runtime.ByteArrayMemory;
import com.dylibso.chicory.runtime.Instance;
import com.dylibso.chicory.runtime.Memory;
import com.dylibso.chicory.wasm.types.DataSegment;
import com.dylibso.chicory.wasm.types.MemoryLimits;

/**
 * Chicory's memory with a page ceiling that stops the module: a {@code memory.grow} past the
 * tool's {@code max_memory_bytes} throws {@link WasmStopped} rather than returning -1, which a
 * module would be free to ignore and which would give the agent no reason. Chicory's memory class
 * is final, hence the delegation.
 */
final class LimitedMemory implements Memory {

    private final Memory inner;
    private final int maxPages;
    private final String tool;

    LimitedMemory(MemoryLimits declared, int maxPages, String tool) {
        if (declared.initialPages() > maxPages) {
            throw new WasmStopped("WASM tool " + tool + " stopped: its memory starts at " + declared.initialPages()
                    + " pages (64 KiB each), over its limit of " + maxPages + " pages (max_memory_bytes)");
        }
        int max = Math.min(declared.maximumPages(), maxPages);
        this.inner = new ByteArrayMemory(new MemoryLimits(declared.initialPages(), max));
        this.maxPages = maxPages;
        this.tool = tool;
    }

    @Override
    public int grow(int size) {
        if ((long) inner.pages() + size > maxPages) {
            throw new WasmStopped("WASM tool " + tool + " stopped: memory limit exceeded (it asked for "
                    + ((long) inner.pages() + size) + " pages of 64 KiB, the limit is " + maxPages
                    + " pages, max_memory_bytes)");
        }
        return inner.grow(size);
    }

    // ---- delegation -------------------------------------------------------------------------

    @Override
    public int pages() {
        return inner.pages();
    }

    @Override
    public int initialPages() {
        return inner.initialPages();
    }

    @Override
    public int maximumPages() {
        return inner.maximumPages();
    }

    @Override
    public boolean shared() {
        return inner.shared();
    }

    @Override
    public Object lock(int address) {
        return inner.lock(address);
    }

    @Override
    public int waitOn(int address, int expected, long timeout) {
        return inner.waitOn(address, expected, timeout);
    }

    @Override
    public int waitOn(int address, long expected, long timeout) {
        return inner.waitOn(address, expected, timeout);
    }

    @Override
    public int notify(int address, int maxThreads) {
        return inner.notify(address, maxThreads);
    }

    @Override
    public void initialize(Instance instance, DataSegment[] dataSegments) {
        inner.initialize(instance, dataSegments);
    }

    @Override
    public void initPassiveSegment(int segmentId, int dest, int offset, int size) {
        inner.initPassiveSegment(segmentId, dest, offset, size);
    }

    @Override
    public void write(int addr, byte[] data, int offset, int size) {
        inner.write(addr, data, offset, size);
    }

    @Override
    public byte read(int addr) {
        return inner.read(addr);
    }

    @Override
    public byte[] readBytes(int addr, int len) {
        return inner.readBytes(addr, len);
    }

    @Override
    public void writeI32(int addr, int data) {
        inner.writeI32(addr, data);
    }

    @Override
    public int readInt(int addr) {
        return inner.readInt(addr);
    }

    @Override
    public void writeLong(int addr, long data) {
        inner.writeLong(addr, data);
    }

    @Override
    public long readLong(int addr) {
        return inner.readLong(addr);
    }

    @Override
    public void writeShort(int addr, short data) {
        inner.writeShort(addr, data);
    }

    @Override
    public short readShort(int addr) {
        return inner.readShort(addr);
    }

    @Override
    public long readU16(int addr) {
        return inner.readU16(addr);
    }

    @Override
    public void writeByte(int addr, byte data) {
        inner.writeByte(addr, data);
    }

    @Override
    public void writeF32(int addr, float data) {
        inner.writeF32(addr, data);
    }

    @Override
    public long readF32(int addr) {
        return inner.readF32(addr);
    }

    @Override
    public float readFloat(int addr) {
        return inner.readFloat(addr);
    }

    @Override
    public void writeF64(int addr, double data) {
        inner.writeF64(addr, data);
    }

    @Override
    public double readDouble(int addr) {
        return inner.readDouble(addr);
    }

    @Override
    public long readF64(int addr) {
        return inner.readF64(addr);
    }

    @Override
    public void zero() {
        inner.zero();
    }

    @Override
    public void fill(byte value, int fromIndex, int toIndex) {
        inner.fill(value, fromIndex, toIndex);
    }

    @Override
    public void drop(int segment) {
        inner.drop(segment);
    }
}
