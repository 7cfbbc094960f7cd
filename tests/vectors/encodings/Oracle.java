// The Java oracle for tests/vectors/encodings/generate.py: java.io.DataOutputStream.writeUTF,
// java.io.DataInputStream.readUTF and the JDK's charsets (CESU-8, UTF-16*, UTF-32*).
//
// Reads one command per line on stdin and writes one result line per command on stdout.
// Hex is lowercase without separators; "-" stands for an empty hex string. Code units are
// written as 4 hex digits each (UTF-16BE order).
//
//   W <units>            writeUTF(s)            -> OK <bytes> | ERR <exception class>
//   R <bytes>            readUTF() on the bytes -> OK <units> <bytes consumed> | ERR <exception class> <message>
//   D <charset> <bytes>  decode, REPORT errors  -> OK <units> | ERR <offset> <length>
//   L <charset> <bytes>  decode, REPLACE errors -> OK <units>
//   E <charset> <units>  String.getBytes        -> OK <bytes>
//
// Standard library only; compiled and run by generate.py with the JDK on PATH (17 or later).
import java.io.*;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.*;

public class Oracle {
    static final char[] HEX = "0123456789abcdef".toCharArray();

    static String hexBytes(byte[] b, int len) {
        if (len == 0) return "-";
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < len; i++) s.append(HEX[(b[i] >> 4) & 0xF]).append(HEX[b[i] & 0xF]);
        return s.toString();
    }

    static String hexUnits(CharSequence s) {
        if (s.length() == 0) return "-";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            int c = s.charAt(i);
            b.append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xF]).append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
        }
        return b.toString();
    }

    static byte[] bytes(String hex) {
        if (hex.equals("-")) return new byte[0];
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    static String units(String hex) {
        if (hex.equals("-")) return "";
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < hex.length(); i += 4) s.append((char) Integer.parseInt(hex.substring(i, i + 4), 16));
        return s.toString();
    }

    static String run(String[] f) throws Exception {
        switch (f[0]) {
            case "W": {
                ByteArrayOutputStream bo = new ByteArrayOutputStream();
                try {
                    new DataOutputStream(bo).writeUTF(units(f[1]));
                } catch (IOException e) {
                    return "ERR " + e.getClass().getSimpleName();
                }
                byte[] b = bo.toByteArray();
                return "OK " + hexBytes(b, b.length);
            }
            case "R": {
                byte[] b = bytes(f[1]);
                ByteArrayInputStream bi = new ByteArrayInputStream(b);
                try {
                    String s = new DataInputStream(bi).readUTF();
                    return "OK " + hexUnits(s) + " " + (b.length - bi.available());
                } catch (IOException e) {
                    return "ERR " + e.getClass().getSimpleName() + " " + e.getMessage();
                }
            }
            case "D": {
                byte[] b = bytes(f[2]);
                CharsetDecoder d = Charset.forName(f[1]).newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
                ByteBuffer in = ByteBuffer.wrap(b);
                CharBuffer out = CharBuffer.allocate(2 * b.length + 8);
                CoderResult r = d.decode(in, out, true);
                if (r.isError()) return "ERR " + in.position() + " " + r.length();
                r = d.flush(out);
                if (r.isError()) return "ERR " + in.position() + " " + r.length();
                out.flip();
                return "OK " + hexUnits(out);
            }
            case "L":
                return "OK " + hexUnits(new String(bytes(f[2]), f[1]));
            case "E": {
                byte[] b = units(f[2]).getBytes(f[1]);
                return "OK " + hexBytes(b, b.length);
            }
            default:
                throw new IllegalArgumentException("unknown command " + f[0]);
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in, "US-ASCII"));
        PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, "US-ASCII")));
        String line;
        // A line "." ends a batch: it is answered with "." and everything is written out.
        while ((line = r.readLine()) != null) {
            if (line.equals(".")) {
                w.println(".");
                w.flush();
            } else {
                w.println(run(line.split(" ")));
            }
        }
        w.flush();
    }
}
