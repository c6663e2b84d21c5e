<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hex-pointy" tilewidth="56" tileheight="64" tilecount="19" columns="6">
 <image source="hex-pointy.png" width="336" height="256"/>
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="concealment" propertytype="Concealment" value="partial"/>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
   <property name="terrain" value="rubble"/>
  </properties>
 </tile>
 <tile id="4" type="terrain">
  <properties>
   <property name="difficult" type="bool" value="true"/>
   <property name="terrain" value="water"/>
   <property name="water" propertytype="Water" value="shallow"/>
  </properties>
 </tile>
 <tile id="5" type="terrain">
  <properties>
   <property name="obstacle" propertytype="Obstacle" value="low"/>
   <property name="terrain" value="low wall"/>
  </properties>
 </tile>
 <tile id="6" type="terrain">
  <properties>
   <property name="impassable" type="bool" value="true"/>
   <property name="obstacle" propertytype="Obstacle" value="wall"/>
   <property name="terrain" value="stone wall"/>
  </properties>
 </tile>
 <tile id="7" type="terrain">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="terrain" value="fog"/>
  </properties>
 </tile>
 <tile id="8" type="terrain">
  <properties>
   <property name="exit" type="bool" value="true"/>
   <property name="terrain" value="exit"/>
  </properties>
 </tile>
 <tile id="9" type="terrain">
  <properties>
   <property name="elevation" type="int" value="1"/>
   <property name="terrain" value="hill"/>
  </properties>
 </tile>
 <tile id="10" type="terrain">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" propertytype="Concealment" value="total"/>
   <property name="terrain" value="darkness"/>
  </properties>
 </tile>
 <tile id="11" type="terrain">
  <properties>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="12" type="terrain">
  <properties>
   <property name="terrain" value="deep water"/>
   <property name="water" propertytype="Water" value="deep"/>
  </properties>
 </tile>
 <tile id="13" type="terrain">
  <properties>
   <property name="climb_dc" type="int" value="15"/>
   <property name="elevation" type="int" value="2"/>
   <property name="terrain" value="cliff"/>
  </properties>
 </tile>
 <tile id="14" type="terrain">
  <properties>
   <property name="break_dc" type="int" value="23"/>
   <property name="elevation" type="int" value="2"/>
   <property name="hardness" type="int" value="5"/>
   <property name="hp" type="int" value="20"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="obstacle" propertytype="Obstacle" value="wall"/>
   <property name="terrain" value="palisade"/>
  </properties>
 </tile>
 <tile id="15" type="terrain">
  <properties>
   <property name="break_dc" type="int" value="15"/>
   <property name="hardness" type="int" value="5"/>
   <property name="hp" type="int" value="10"/>
   <property name="obstacle" propertytype="Obstacle" value="low"/>
   <property name="terrain" value="barricade"/>
  </properties>
 </tile>
 <tile id="16" type="terrain">
  <properties>
   <property name="door" propertytype="Door" value="closed"/>
   <property name="terrain" value="door"/>
  </properties>
 </tile>
 <tile id="17" type="terrain">
  <properties>
   <property name="door" propertytype="Door" value="open"/>
   <property name="terrain" value="open door"/>
  </properties>
 </tile>
 <tile id="18" type="terrain">
  <properties>
   <property name="door" propertytype="Door" value="locked"/>
   <property name="terrain" value="locked door"/>
  </properties>
 </tile>
 <wangsets>
  <wangset name="Terrain" type="mixed" tile="0">
   <wangcolor name="grass" color="#4caf50" tile="0" probability="1"/>
   <wangcolor name="road" color="#b08d57" tile="1" probability="1"/>
   <wangcolor name="forest" color="#1b5e20" tile="2" probability="1"/>
   <wangcolor name="rubble" color="#8d6e63" tile="3" probability="1"/>
   <wangcolor name="water" color="#2196f3" tile="4" probability="1"/>
   <wangcolor name="low wall" color="#9e9e9e" tile="5" probability="1"/>
   <wangcolor name="stone wall" color="#424242" tile="6" probability="1"/>
   <wangcolor name="fog" color="#cfd8dc" tile="7" probability="1"/>
   <wangcolor name="exit" color="#ffeb3b" tile="8" probability="1"/>
   <wangcolor name="hill" color="#a1887f" tile="9" probability="1"/>
   <wangcolor name="darkness" color="#000000" tile="10" probability="1"/>
   <wangcolor name="floor" color="#d7ccc8" tile="11" probability="1"/>
   <wangcolor name="deep water" color="#0d47a1" tile="12" probability="1"/>
   <wangcolor name="cliff" color="#6d4c41" tile="13" probability="1"/>
   <wangcolor name="palisade" color="#795548" tile="14" probability="1"/>
   <wangcolor name="barricade" color="#bcaaa4" tile="15" probability="1"/>
   <wangcolor name="door" color="#5d4037" tile="16" probability="1"/>
   <wangcolor name="open door" color="#efebe9" tile="17" probability="1"/>
   <wangcolor name="locked door" color="#3e2723" tile="18" probability="1"/>
   <wangtile tileid="0" wangid="1,1,1,1,1,1,1,1"/>
   <wangtile tileid="1" wangid="2,2,2,2,2,2,2,2"/>
   <wangtile tileid="2" wangid="3,3,3,3,3,3,3,3"/>
   <wangtile tileid="3" wangid="4,4,4,4,4,4,4,4"/>
   <wangtile tileid="4" wangid="5,5,5,5,5,5,5,5"/>
   <wangtile tileid="5" wangid="6,6,6,6,6,6,6,6"/>
   <wangtile tileid="6" wangid="7,7,7,7,7,7,7,7"/>
   <wangtile tileid="7" wangid="8,8,8,8,8,8,8,8"/>
   <wangtile tileid="8" wangid="9,9,9,9,9,9,9,9"/>
   <wangtile tileid="9" wangid="10,10,10,10,10,10,10,10"/>
   <wangtile tileid="10" wangid="11,11,11,11,11,11,11,11"/>
   <wangtile tileid="11" wangid="12,12,12,12,12,12,12,12"/>
   <wangtile tileid="12" wangid="13,13,13,13,13,13,13,13"/>
   <wangtile tileid="13" wangid="14,14,14,14,14,14,14,14"/>
   <wangtile tileid="14" wangid="15,15,15,15,15,15,15,15"/>
   <wangtile tileid="15" wangid="16,16,16,16,16,16,16,16"/>
   <wangtile tileid="16" wangid="17,17,17,17,17,17,17,17"/>
   <wangtile tileid="17" wangid="18,18,18,18,18,18,18,18"/>
   <wangtile tileid="18" wangid="19,19,19,19,19,19,19,19"/>
  </wangset>
 </wangsets>
</tileset>
