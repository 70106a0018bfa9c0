package io.envhub.validator.check;

import io.envhub.format.hash.Sha256;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** A raw zip writer for hostile test archives: any entry name, any Unix mode, a hand-written RECORD. */
final class ZipBytes {

    private record Entry(String name, byte[] content, boolean deflate, int mode) {
    }

    private final List<Entry> entries = new ArrayList<>();
    private final StringBuilder record = new StringBuilder();

    /** Adds a regular file and its RECORD line. */
    ZipBytes file(String name, String content) {
        return file(name, content.getBytes(StandardCharsets.UTF_8));
    }

    ZipBytes file(String name, byte[] content) {
        entries.add(new Entry(name, content, true, 0100644));
        record.append(name).append(',').append(Sha256.recordHash(content)).append(',').append(content.length).append('\n');
        return this;
    }

    /** Adds a file whose RECORD line claims other content. */
    ZipBytes fileWithWrongRecord(String name, String content, String claimed) {
        byte[] c = claimed.getBytes(StandardCharsets.UTF_8);
        entries.add(new Entry(name, content.getBytes(StandardCharsets.UTF_8), true, 0100644));
        record.append(name).append(',').append(Sha256.recordHash(c)).append(',').append(c.length).append('\n');
        return this;
    }

    /** Adds a symbolic link entry (mode 0120777, content is the target). */
    ZipBytes symlink(String name, String target) {
        byte[] t = target.getBytes(StandardCharsets.UTF_8);
        entries.add(new Entry(name, t, false, 0120777));
        record.append(name).append(',').append(Sha256.recordHash(t)).append(',').append(t.length).append('\n');
        return this;
    }

    /** Adds the dist-info files of a minimal wheel {@code name-version}, RECORD last. */
    ZipBytes distInfo(String name, String version) {
        String di = name + "-" + version + ".dist-info/";
        file(di + "METADATA", "Metadata-Version: 2.1\nName: " + name + "\nVersion: " + version + "\nLicense: MIT\n\nreadme\n");
        file(di + "WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n");
        String rec = record + di + "RECORD,,\n";
        entries.add(new Entry(di + "RECORD", rec.getBytes(StandardCharsets.UTF_8), true, 0100644));
        return this;
    }

    Path write(Path dir, String fileName) {
        try {
            return Files.write(dir.resolve(fileName), bytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream central = new ByteArrayOutputStream();
        for (Entry e : entries) {
            byte[] name = e.name().getBytes(StandardCharsets.UTF_8);
            byte[] data = e.deflate() ? deflate(e.content()) : e.content();
            CRC32 crc = new CRC32();
            crc.update(e.content());
            int method = e.deflate() ? 8 : 0;
            int offset = out.size();
            ByteBuffer local = le(30 + name.length).putInt(0x04034b50).putShort((short) 20).putShort((short) 0)
                    .putShort((short) method).putShort((short) 0).putShort((short) 33).putInt((int) crc.getValue())
                    .putInt(data.length).putInt(e.content().length).putShort((short) name.length).putShort((short) 0).put(name);
            out.writeBytes(local.array());
            out.writeBytes(data);
            ByteBuffer cen = le(46 + name.length).putInt(0x02014b50).putShort((short) ((3 << 8) | 20)).putShort((short) 20)
                    .putShort((short) 0).putShort((short) method).putShort((short) 0).putShort((short) 33)
                    .putInt((int) crc.getValue()).putInt(data.length).putInt(e.content().length).putShort((short) name.length)
                    .putShort((short) 0).putShort((short) 0).putShort((short) 0).putShort((short) 0)
                    .putInt(e.mode() << 16).putInt(offset).put(name);
            central.writeBytes(cen.array());
        }
        int cdStart = out.size();
        out.writeBytes(central.toByteArray());
        ByteBuffer end = le(22).putInt(0x06054b50).putShort((short) 0).putShort((short) 0).putShort((short) entries.size())
                .putShort((short) entries.size()).putInt(central.size()).putInt(cdStart).putShort((short) 0);
        out.writeBytes(end.array());
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] content) {
        Deflater d = new Deflater(9, true);
        d.setInput(content);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[65536];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
